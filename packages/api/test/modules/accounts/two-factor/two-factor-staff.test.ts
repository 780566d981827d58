// STAFF_2FA=required and the administrator's reset (B2B §15) on SQLite and PostgreSQL: a staff account without
// two-step sign-in is refused 403 two_factor_required on staff calls (the ADMIN_EMAIL account too) but reaches its
// own account to turn it on; customers and API keys are not affected; a reset turns another's off and ends its
// sessions, with its audit entry (a refused reset leaves none).
import { twoFactorMessages } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFrom, error, meStatus } from '../account-fixtures.js';
import { entryCount, entryOf } from '../../audit/audit-fixtures.js';
import { databases } from '../../../helpers/databases.js';
import { ADMIN, call, signedIn, signUp, type SignedIn, type TestApp } from '../../../helpers/test-app.js';
import {
  codeAt,
  createTwoFactorApp,
  nextIp,
  passwordStep,
  turnOn,
  verify,
  type TestClock,
} from './two-factor-fixtures.js';

const required = error('two_factor_required', twoFactorMessages.required);

describe.each(databases)('STAFF_2FA=required on %s', (kind) => {
  let t: TestApp;
  let clock: TestClock;
  let admin: SignedIn;
  let secret: string;

  beforeAll(async () => {
    ({ t, clock } = await createTwoFactorApp(kind, { STAFF_2FA: 'required' }));
    const res = await callFrom(t.app, nextIp(), 'POST', '/api/auth/login', ADMIN);
    admin = signedIn(res);
  });
  afterAll(() => t.close());

  it('refuses the ADMIN_EMAIL account every staff call until it turns two-step sign-in on', async () => {
    for (const [method, url] of [
      ['GET', '/api/user'],
      ['GET', '/api/admin/api-keys'],
      ['GET', '/api/admin/stats'],
      ['GET', '/api/order'],
      // Not an admin-only route: the service shows an administrator every order, so it is a staff call too.
      ['GET', '/api/orders/search?q=ann'],
      ['PUT', `/api/user/admin/${ADMIN.email}`],
    ] as const) {
      const res = await call(t.app, method, url, admin);
      expect([url, res.statusCode, res.json()]).toEqual([url, 403, required]);
    }
    // Its own account stays open: who it is, the admin check the dashboard asks, the two-step calls.
    expect((await call(t.app, 'GET', '/api/auth/me', admin)).statusCode).toBe(200);
    const check = await call(t.app, 'GET', `/api/admin/${ADMIN.email}`, admin);
    expect(check.statusCode).toBe(200);
    expect(check.json()).toMatchObject({ admin: true, role: 'administrator' });
    expect((await call(t.app, 'GET', '/api/auth/2fa', admin)).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const on = await turnOn(t.app, clock, admin);
    secret = on.secret;
    const users = await call(t.app, 'GET', '/api/user', admin);
    expect(users.statusCode).toBe(200);
  });

  it('leaves customers as they were', async () => {
    const cy = await signUp(t.app, 'Cy Customer', 'cy@example.com');
    expect((await call(t.app, 'GET', '/api/orders/search?q=cy', cy)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/user', cy)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/user', cy)).json().error.code).toBe('forbidden');
  });

  it('refuses a new administrator without two-step sign-in, and lets an API key through', async () => {
    const dee = await signUp(t.app, 'Dee Admin', 'dee@example.com');
    expect((await call(t.app, 'PUT', '/api/user/admin/dee@example.com', admin)).statusCode).toBe(200);
    const refused = await call(t.app, 'GET', '/api/user', dee);
    expect([refused.statusCode, refused.json()]).toEqual([403, required]);

    const created = await call(t.app, 'POST', '/api/admin/api-keys', admin, { name: 'ERP', scopes: ['orders:read'] });
    expect(created.statusCode).toBe(201);
    const { key } = created.json<{ key: string }>();
    const byKey = await t.app.inject({ method: 'GET', url: '/api/order', headers: { authorization: `Bearer ${key}` } });
    expect(byKey.statusCode).toBe(200);
  });

  it('lets an administrator reset another account: off, its sessions end, the password alone signs in', async () => {
    const eve = await signUp(t.app, 'Eve Reset', 'eve@example.com', 'right-password-1');
    const { secret: eveSecret } = await turnOn(t.app, clock, eve);
    const challenge = await passwordStep(t.app, eve.email, 'right-password-1');
    const inside = await verify(t.app, challenge, codeAt(eveSecret, clock.now()));
    const eveNow = signedIn(inside);

    const entriesBefore = await entryCount(t.app);
    const byCustomer = await call(t.app, 'DELETE', '/api/admin/staff/eve@example.com/2fa', eveNow);
    expect(byCustomer.statusCode).toBe(403);
    const unknown = await call(t.app, 'DELETE', '/api/admin/staff/nobody@example.com/2fa', admin);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, error('not_found', 'User not found')]);
    const anonymous = await t.app.inject({ method: 'DELETE', url: '/api/admin/staff/eve@example.com/2fa' });
    expect(anonymous.statusCode).toBe(401);

    // The refused calls (403, 404, 401) left no entry in the audit trail.
    expect(await entryCount(t.app)).toBe(entriesBefore);

    const reset = await call(t.app, 'DELETE', '/api/admin/staff/eve@example.com/2fa', admin);
    expect(reset.statusCode).toBe(204);
    const entry = await entryOf(t.app, admin, reset);
    expect(entry).toMatchObject({
      actor: { type: 'user', id: admin.id, email: ADMIN.email },
      action: 'staff.two_factor_reset',
      targetType: 'staff',
      targetId: eve.id,
      summary: 'Reset the two-step sign-in of eve@example.com',
      changes: { twoFactor: [true, false] },
      requestId: reset.headers['x-request-id'],
    });
    expect(await entryCount(t.app)).toBe(entriesBefore + 1);
    expect(await meStatus(t.app, eveNow.token)).toBe(401);
    expect(await meStatus(t.app, eve.token)).toBe(401);
    const rows = await t.app.db.selectFrom('two_factor').select('user_id').where('user_id', '=', eve.id).execute();
    expect(rows).toEqual([]);
    const login = await callFrom(t.app, nextIp(), 'POST', '/api/auth/login', {
      email: eve.email,
      password: 'right-password-1',
    });
    expect(login.statusCode).toBe(200);
    expect(typeof login.json().token).toBe('string');
    // The challenge from before the reset no longer finishes a sign-in.
    expect((await verify(t.app, challenge, codeAt(eveSecret, clock.now()))).statusCode).toBe(401);
  });

  it('asks the administrator for the code at sign-in from now on', async () => {
    const challenge = await passwordStep(t.app, ADMIN.email, ADMIN.password);
    const res = await verify(t.app, challenge, codeAt(secret, clock.now()));
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/user', signedIn(res))).statusCode).toBe(200);
  });
});

describe.each(databases)('STAFF_2FA unset on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    ({ t } = await createTwoFactorApp(kind));
  });
  afterAll(() => t.close());

  it('lets an administrator without two-step sign-in make staff calls (optional is the default)', async () => {
    expect(t.app.config.staffTwoFactor).toBe('optional');
    const admin = signedIn(await callFrom(t.app, nextIp(), 'POST', '/api/auth/login', ADMIN));
    expect((await call(t.app, 'GET', '/api/user', admin)).statusCode).toBe(200);
  });
});
