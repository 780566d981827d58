// Identity over HTTP on both databases: sign-up, sign-in, sign-out, me, providers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@kestrel/shared';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { INVALID_CREDENTIALS } from '../../../src/modules/accounts/identity.js';
import { databases } from '../../helpers/databases.js';
import { call, createTestApp, logIn, signUp, type SignedIn, type TestApp } from '../../helpers/test-app.js';

describe.each(databases)('auth on %s', (kind) => {
  let t: TestApp;
  let ann: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ann = await signUp(t.app, 'Ann Buyer', 'Ann@Example.com', 'ann-password');
  });
  afterAll(() => t.close());

  it('signs up: a customer with a lower-cased e-mail and an HS256 token naming a session', async () => {
    expect([ann.email, ann.name]).toEqual(['ann@example.com', 'Ann Buyer']);
    expect(decodeProtectedHeader(ann.token).alg).toBe('HS256');
    const claims = decodeJwt(ann.token);
    expect(claims.sub).toBe(ann.id);
    expect(claims.sid).toMatch(/^[0-9a-f]{24}$/);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(7 * 24 * 3600);
    const me = await call(t.app, 'GET', '/api/auth/me', ann);
    expect(me.json()).toEqual({
      _id: ann.id,
      email: 'ann@example.com',
      name: 'Ann Buyer',
      role: 'customer',
      emailVerified: false,
      company: null,
    });
  });

  it('refuses a taken e-mail with 409 email_taken', async () => {
    const res = await call(t.app, 'POST', '/api/auth/signup', undefined, {
      name: 'Other',
      email: 'ANN@example.com',
      password: 'whatever1',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: { code: 'email_taken', message: 'An account with this e-mail already exists' },
    });
  });

  it.each([
    [{ email: 'x@example.com', password: 'secret1' }, messages.signup.nameRequired],
    [{ name: 'X', password: 'secret1' }, messages.signup.emailRequired],
    [{ name: 'X', email: 'not-an-email', password: 'secret1' }, messages.signup.emailInvalid],
    [{ name: 'X', email: 'x@example.com' }, messages.signup.passwordRequired],
    [{ name: 'X', email: 'x@example.com', password: '12345' }, messages.signup.passwordShort],
  ])('signup validation %j', async (body, message) => {
    const res = await call(t.app, 'POST', '/api/auth/signup', undefined, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation_error', message } });
  });

  it.each([
    [{ password: 'secret1' }, messages.login.emailRequired],
    [{ email: 'nope', password: 'secret1' }, messages.login.emailInvalid],
    [{ email: 'ann@example.com' }, messages.login.passwordRequired],
    [{ email: 'ann@example.com', password: '12345' }, messages.login.passwordShort],
  ])('login validation %j', async (body, message) => {
    const res = await call(t.app, 'POST', '/api/auth/login', undefined, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation_error', message } });
  });

  it('signs in with the right password; the same 401 for a wrong password and an unknown e-mail', async () => {
    const again = await logIn(t.app, 'ANN@example.com', 'ann-password');
    expect(again.id).toBe(ann.id);
    expect(again.token).not.toBe(ann.token);
    const wrong = await call(t.app, 'POST', '/api/auth/login', undefined, {
      email: 'ann@example.com',
      password: 'wrong-password',
    });
    const unknown = await call(t.app, 'POST', '/api/auth/login', undefined, {
      email: 'nobody@example.com',
      password: 'wrong-password',
    });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'invalid_credentials', message: INVALID_CREDENTIALS } });
    }
  });

  it('signs out: that token stops working, other sessions keep working', async () => {
    const other = await logIn(t.app, 'ann@example.com', 'ann-password');
    const out = await call(t.app, 'POST', '/api/auth/logout', other);
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    const after = await call(t.app, 'GET', '/api/auth/me', other);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.code).toBe('unauthorized');
    expect((await call(t.app, 'GET', '/api/auth/me', ann)).statusCode).toBe(200);
  });

  it('refuses missing, malformed and forged tokens with 401', async () => {
    const forged = ann.token.slice(0, -4) + (ann.token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const authorization of ['', 'Bearer', 'Bearer abc.def.ghi', `Bearer ${forged}`, `Basic ${ann.token}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('answers the sign-in providers', async () => {
    expect((await call(t.app, 'GET', '/api/auth/providers')).json()).toEqual({ google: false });
  });
});
