// Users, make-admin, the admin check, PUT /user/{email} and profiles, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { databases } from '../../helpers/databases.js';
import { ADMIN, call, createTestApp, logIn, signUp, type SignedIn, type TestApp } from '../../helpers/test-app.js';

const ADMINISTRATOR_CHECK = {
  admin: true,
  role: 'administrator',
  permissions: [
    'orders.read',
    'orders.ship',
    'finance.manage',
    'returns.decide',
    'quotes.manage',
    'companies.read',
    'products.write',
    'stats.read',
    'admin.manage',
  ],
};

describe.each(databases)('users and profiles on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let ann: SignedIn;
  let bob: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    ann = await signUp(t.app, 'Ann Buyer', 'ann@example.com');
    bob = await signUp(t.app, 'Bob Buyer', 'bob@example.com');
  });
  afterAll(() => t.close());

  it('lists users in creation order for the admin', async () => {
    const res = await call(t.app, 'GET', '/api/user', admin);
    expect(res.json()).toEqual([
      { _id: admin.id, email: 'boss@example.com', name: 'Administrator', role: 'admin', emailVerified: true },
      { _id: ann.id, email: 'ann@example.com', name: 'Ann Buyer', role: 'customer', emailVerified: false },
      { _id: bob.id, email: 'bob@example.com', name: 'Bob Buyer', role: 'customer', emailVerified: false },
    ]);
  });

  it('answers the admin check for yourself, and for anyone to an admin', async () => {
    expect((await call(t.app, 'GET', '/api/admin/ann@example.com', ann)).json()).toEqual({ admin: false });
    // B2B §15 adds the staff role and its permissions, in the table's order; a customer's answer is as it was.
    expect((await call(t.app, 'GET', '/api/admin/boss@example.com', admin)).json()).toEqual(ADMINISTRATOR_CHECK);
    expect((await call(t.app, 'GET', '/api/admin/ann@example.com', admin)).json()).toEqual({ admin: false });
    expect((await call(t.app, 'GET', '/api/admin/nobody@example.com', admin)).json()).toEqual({ admin: false });
    const other = await call(t.app, 'GET', '/api/admin/boss@example.com', ann);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('forbidden');
    expect((await call(t.app, 'GET', '/api/admin/not-an-email', ann)).statusCode).toBe(400);
  });

  it('makes an admin (modifiedCount 1, then 0); unknown user 404; non-admin 403', async () => {
    expect((await call(t.app, 'PUT', '/api/user/admin/bob@example.com', ann)).statusCode).toBe(403);
    const res = await call(t.app, 'PUT', '/api/user/admin/Bob@Example.com', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modifiedCount: 1 });
    expect((await call(t.app, 'PUT', '/api/user/admin/bob@example.com', admin)).json()).toEqual({ modifiedCount: 0 });
    const unknown = await call(t.app, 'PUT', '/api/user/admin/nobody@example.com', admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'not_found', message: 'User not found' } });
    // The role is read from the database on every request: Bob's existing token now passes admin checks.
    expect((await call(t.app, 'GET', '/api/admin/bob@example.com', bob)).json()).toEqual(ADMINISTRATOR_CHECK);
    expect((await call(t.app, 'GET', '/api/order', bob)).statusCode).toBe(200);
  });

  it('PUT /user/{email}: own e-mail only, updates the name, never the role, answers a fresh token', async () => {
    const refused = await call(t.app, 'PUT', '/api/user/bob@example.com', ann, { email: 'bob@example.com' });
    expect(refused.statusCode).toBe(403);
    const res = await call(t.app, 'PUT', '/api/user/ann@example.com', ann, {
      email: 'ann@example.com',
      name: 'Ann B.',
    });
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(decodeJwt(token).sub).toBe(ann.id);
    expect(token).not.toBe(ann.token);
    const me = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.json()).toEqual({
      _id: ann.id,
      email: 'ann@example.com',
      name: 'Ann B.',
      role: 'customer',
      emailVerified: false,
      company: null,
    });
    // The earlier token keeps working until it expires or its owner signs out.
    expect((await call(t.app, 'GET', '/api/auth/me', ann)).statusCode).toBe(200);
    const roleTry = await call(t.app, 'PUT', '/api/user/ann@example.com', ann, {
      email: 'ann@example.com',
      role: 'admin',
    });
    expect(roleTry.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/admin/ann@example.com', ann)).json()).toEqual({ admin: false });
  });

  it('profiles: empty strings before saving, then saved values; only your own', async () => {
    const empty = await call(t.app, 'GET', '/api/profile/ann@example.com', ann);
    expect(empty.json()).toEqual({
      email: 'ann@example.com',
      userName: '',
      phone: '',
      education: '',
      location: '',
      linkedinprofile: '',
    });
    const saved = await call(t.app, 'POST', '/api/profile', ann, {
      email: 'bob@example.com',
      userName: 'Ann Buyer',
      phone: '+47 555 01',
      education: 'MSc',
      location: 'Oslo',
      linkedinprofile: 'https://www.linkedin.com/in/ann',
    });
    expect(saved.statusCode).toBe(200);
    const expected = {
      email: 'ann@example.com',
      userName: 'Ann Buyer',
      phone: '+47 555 01',
      education: 'MSc',
      location: 'Oslo',
      linkedinprofile: 'https://www.linkedin.com/in/ann',
    };
    expect(saved.json()).toEqual(expected);
    expect((await call(t.app, 'GET', '/api/profile/ann@example.com', ann)).json()).toEqual(expected);
    // Bob's profile was not touched by the e-mail in Ann's body.
    expect((await call(t.app, 'GET', '/api/profile/bob@example.com', bob)).json().location).toBe('');

    const put = await call(t.app, 'PUT', '/api/profile/ann@example.com', ann, { location: 'Bergen' });
    expect(put.json()).toEqual({ ...expected, location: 'Bergen' });
    expect((await call(t.app, 'PUT', '/api/profile/bob@example.com', ann, { location: 'X' })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/profile/bob@example.com', ann)).statusCode).toBe(403);
    const tooLong = await call(t.app, 'POST', '/api/profile', ann, { phone: '1'.repeat(41) });
    expect(tooLong.json()).toEqual({ error: { code: 'validation_error', message: 'must be at most 40 characters' } });
    expect((await call(t.app, 'GET', '/api/profile/ann@example.com', ann)).json().phone).toBe('+47 555 01');
  });
});
