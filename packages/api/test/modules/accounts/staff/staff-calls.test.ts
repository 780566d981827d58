// The staff calls (B2B §15) on both databases: PUT /api/admin/staff/{email} on a confirmed account only (409
// unconfirmed, 400 a role outside the five, 404 unknown), DELETE (a customer again, every session ended, never the
// last administrator; SPEC's DELETE /api/user/admin/{email} the same), GET /api/admin/staff with two-step state, the
// admin check's role and permissions, and a role change reaching a token already issued.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../../helpers/databases.js';
import { ADMIN, call, logIn, signUp } from '../../../helpers/test-app.js';
import { createWorld, type World } from '../../orders/lifecycle/lifecycle-fixtures.js';
import { confirmEmail, roleOf, staffMember } from './staff-fixtures.js';

describe.each(databases)('staff calls on %s', (kind) => {
  let w: World;

  beforeAll(async () => {
    w = await createWorld(kind);
  });
  afterAll(() => w.t.close());

  it('gives a role to a confirmed account only, and refuses a role outside the five naming `role`', async () => {
    const una = await signUp(w.app, 'Una Unconfirmed', 'una@example.com');
    const unconfirmed = await call(w.app, 'PUT', '/api/admin/staff/una@example.com', w.admin, { role: 'sales' });
    expect([unconfirmed.statusCode, unconfirmed.json()]).toEqual([
      409,
      {
        error: {
          code: 'email_unconfirmed',
          message: 'This account has not confirmed its e-mail address: it cannot be given a staff role until it does',
        },
      },
    ]);
    expect(await roleOf(w, una.email)).toBe('customer');
    await confirmEmail(w, una);
    for (const body of [{ role: 'manager' }, { role: 'admin' }, {}, { role: 7 }]) {
      const bad = await call(w.app, 'PUT', '/api/admin/staff/una@example.com', w.admin, body);
      expect([bad.statusCode, bad.json()]).toEqual([
        400,
        {
          error: {
            code: 'validation_error',
            message: 'role must be one of administrator, sales, warehouse, finance, catalog',
          },
        },
      ]);
    }
    expect(await roleOf(w, una.email)).toBe('customer');
    const unknown = await call(w.app, 'PUT', '/api/admin/staff/nobody@example.com', w.admin, { role: 'sales' });
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      { error: { code: 'not_found', message: 'User not found' } },
    ]);
    const given = await call(w.app, 'PUT', '/api/admin/staff/una@example.com', w.admin, { role: 'finance' });
    expect([given.statusCode, given.json()]).toEqual([
      200,
      { email: 'una@example.com', name: 'Una Unconfirmed', role: 'finance', twoFactor: false },
    ]);
    expect(await roleOf(w, una.email)).toBe('finance');
  });

  it('answers the admin check with the role and its permissions; a customer as before', async () => {
    const wes = await staffMember(w, 'warehouse', 'Wes Warehouse', 'wes@example.com');
    expect((await call(w.app, 'GET', '/api/admin/wes@example.com', wes)).json()).toEqual({
      admin: true,
      role: 'warehouse',
      permissions: ['orders.read', 'orders.ship'],
    });
    expect((await call(w.app, 'GET', '/api/admin/wes@example.com', w.admin)).json()).toEqual({
      admin: true,
      role: 'warehouse',
      permissions: ['orders.read', 'orders.ship'],
    });
    expect((await call(w.app, 'GET', '/api/admin/alice@example.com', w.alice)).json()).toEqual({ admin: false });
    // Asking about someone else is the administrators': other staff are refused as a customer is.
    const other = await call(w.app, 'GET', '/api/admin/alice@example.com', wes);
    expect([other.statusCode, other.json()]).toEqual([
      403,
      { error: { code: 'forbidden', message: 'You may only ask about your own account' } },
    ]);
  });

  it('changes a role under a token already issued, at once', async () => {
    const cy = await staffMember(w, 'warehouse', 'Cy Changes', 'cy@example.com');
    expect((await call(w.app, 'GET', '/api/order', cy)).statusCode).toBe(200);
    await call(w.app, 'PUT', '/api/admin/staff/cy@example.com', w.admin, { role: 'catalog' });
    const refused = await call(w.app, 'GET', '/api/order', cy);
    expect([refused.statusCode, refused.json()]).toEqual([
      403,
      {
        error: {
          code: 'forbidden',
          message: 'Your staff role does not allow this: it needs the orders.read permission',
        },
      },
    ]);
    // SPEC's Make Admin makes an administrator of any member of staff.
    const made = await call(w.app, 'PUT', '/api/user/admin/cy@example.com', w.admin);
    expect(made.json()).toEqual({ modifiedCount: 1 });
    expect(await roleOf(w, 'cy@example.com')).toBe('admin');
    expect((await call(w.app, 'GET', '/api/admin/cy@example.com', cy)).json()).toMatchObject({
      admin: true,
      role: 'administrator',
    });
    await call(w.app, 'DELETE', '/api/admin/staff/cy@example.com', w.admin);
  });

  it('makes a member of staff a customer again and ends their sessions, by either call', async () => {
    for (const path of ['/api/admin/staff', '/api/user/admin']) {
      const email = `gone${path.length}@example.com`;
      const gone = await staffMember(w, 'sales', 'Gone Soon', email);
      const second = await logIn(w.app, email, 'password-123');
      const res = await call(w.app, 'DELETE', `${path}/${email}`, w.admin);
      expect([path, res.statusCode, res.json()]).toEqual([path, 200, { modifiedCount: 1 }]);
      expect(await roleOf(w, email)).toBe('customer');
      for (const token of [gone, second])
        expect((await call(w.app, 'GET', '/api/auth/me', token)).statusCode).toBe(401);
      const live = await w.app.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', gone.id)
        .where('revoked_at', 'is', null)
        .execute();
      expect(live).toEqual([]);
      // A customer already: nothing changes, and their next sign-in is a customer's.
      expect((await call(w.app, 'DELETE', `${path}/${email}`, w.admin)).json()).toEqual({ modifiedCount: 0 });
      const back = await logIn(w.app, email, 'password-123');
      expect((await call(w.app, 'GET', `/api/admin/${email}`, back)).json()).toEqual({ admin: false });
    }
  });

  it('never leaves the shop without an administrator (409 last_admin), by any of the three calls', async () => {
    const lastAdmin = {
      error: {
        code: 'last_admin',
        message: 'This is the last administrator: make someone else an administrator first',
      },
    };
    for (const [method, path, body] of [
      ['DELETE', `/api/admin/staff/${ADMIN.email}`, undefined],
      ['DELETE', `/api/user/admin/${ADMIN.email}`, undefined],
      ['PUT', `/api/admin/staff/${ADMIN.email}`, { role: 'sales' }],
    ] as const) {
      const res = await call(w.app, method, path, w.admin, body);
      expect([path, res.statusCode, res.json()]).toEqual([path, 409, lastAdmin]);
      expect(await roleOf(w, ADMIN.email)).toBe('admin');
      expect((await call(w.app, 'GET', '/api/auth/me', w.admin)).statusCode).toBe(200);
    }
    // With a second administrator the first may step down to another role.
    await staffMember(w, 'administrator', 'Ada Second', 'ada@example.com');
    const stepDown = await call(w.app, 'PUT', `/api/admin/staff/${ADMIN.email}`, w.admin, { role: 'sales' });
    expect(stepDown.statusCode).toBe(200);
    expect(await roleOf(w, ADMIN.email)).toBe('sales');
    const ada = await logIn(w.app, 'ada@example.com', 'password-123');
    await call(w.app, 'PUT', `/api/admin/staff/${ADMIN.email}`, ada, { role: 'administrator' });
    await call(w.app, 'DELETE', '/api/admin/staff/ada@example.com', w.admin);
  });

  it('lists every member of staff, administrators included, with two-step sign-in on only once enabled', async () => {
    const tia = await staffMember(w, 'catalog', 'Tia Twostep', 'tia@example.com');
    const pam = await staffMember(w, 'sales', 'Pam Pending', 'pam@example.com');
    const at = new Date().toISOString();
    await w.app.db
      .insertInto('two_factor')
      .values([
        { user_id: tia.id, secret_sealed: 'sealed', enabled_at: at, last_step: null, created_at: at },
        // Set up but never confirmed with a code: not on.
        { user_id: pam.id, secret_sealed: 'sealed', enabled_at: null, last_step: null, created_at: at },
      ])
      .execute();
    const res = await call(w.app, 'GET', '/api/admin/staff', w.admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { email: ADMIN.email, name: 'Administrator', role: 'administrator', twoFactor: false },
      { email: 'una@example.com', name: 'Una Unconfirmed', role: 'finance', twoFactor: false },
      { email: 'wes@example.com', name: 'Wes Warehouse', role: 'warehouse', twoFactor: false },
      { email: 'tia@example.com', name: 'Tia Twostep', role: 'catalog', twoFactor: true },
      { email: 'pam@example.com', name: 'Pam Pending', role: 'sales', twoFactor: false },
    ]);
    // Only administrators manage staff: a member of staff of another role is refused and changes nothing.
    for (const [method, path, body] of [
      ['GET', '/api/admin/staff', undefined],
      ['PUT', '/api/admin/staff/wes@example.com', { role: 'administrator' }],
      ['DELETE', '/api/admin/staff/wes@example.com', undefined],
    ] as const) {
      const refused = await call(w.app, method, path, pam, body);
      expect([path, refused.statusCode, refused.json().error.message]).toEqual([
        path,
        403,
        'Your staff role does not allow this: it needs the admin.manage permission',
      ]);
      const customer = await call(w.app, method, path, w.alice, body);
      expect([path, customer.statusCode, customer.json().error.message]).toEqual([
        path,
        403,
        'Only administrators may do this',
      ]);
    }
    expect(await roleOf(w, 'wes@example.com')).toBe('warehouse');
  });
});
