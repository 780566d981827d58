// POST /auth/password/change (B2B §7) on SQLite and PostgreSQL: the current password is checked (a wrong one is 400,
// not 401, and counts like a failed sign-in), the calling session stays and the others end.
import { messages } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../src/modules/accounts/identity.js';
import { databases } from '../../helpers/databases.js';
import { createTestApp, logIn, signUp, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import { callFrom, error, meStatus } from './account-fixtures.js';

describe.each(databases)('password change on %s', (kind) => {
  let t: TestApp;
  let ip = 0;
  const nextIp = () => `10.3.0.${++ip}`;
  const change = (who: SignedIn | undefined, body: unknown, from = nextIp()) =>
    callFrom(t.app, from, 'POST', '/api/auth/password/change', body, who);

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('changes the password: this session stays, the others end', async () => {
    const here = await signUp(t.app, 'Cal Change', 'cal@example.com', 'first-password-1');
    const there = await logIn(t.app, 'cal@example.com', 'first-password-1');
    const res = await change(here, { currentPassword: 'first-password-1', newPassword: 'second-password-1' });
    expect(res.statusCode).toBe(204);
    expect(await meStatus(t.app, here.token)).toBe(200);
    expect(await meStatus(t.app, there.token)).toBe(401);
    expect((await logIn(t.app, 'cal@example.com', 'second-password-1')).id).toBe(here.id);
    const old = await callFrom(t.app, nextIp(), 'POST', '/api/auth/login', {
      email: 'cal@example.com',
      password: 'first-password-1',
    });
    expect(old.statusCode).toBe(401);
  });

  it('refuses a wrong current password with 400 wrong_password and changes nothing', async () => {
    const dee = await signUp(t.app, 'Dee Wrong', 'dee@example.com', 'right-password-1');
    const other = await logIn(t.app, 'dee@example.com', 'right-password-1');
    const res = await change(dee, { currentPassword: 'wrong-password-1', newPassword: 'second-password-1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error('wrong_password', messages.account.wrongCurrentPassword));
    expect(await meStatus(t.app, other.token)).toBe(200);
    expect((await logIn(t.app, 'dee@example.com', 'right-password-1')).id).toBe(dee.id);
  });

  it('refuses a common new password with 400 password_too_common', async () => {
    const cy = await signUp(t.app, 'Cy Common', 'cy@example.com', 'right-password-1');
    const res = await change(cy, { currentPassword: 'right-password-1', newPassword: 'qwerty123' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error('password_too_common', messages.signup.passwordCommon));
  });

  it('answers 409 no_password to an account that signs in with Google only', async () => {
    const row = await createUser(t.app.db, { email: 'gia@example.com', name: 'Gia', passwordHash: null });
    const token = await t.app.sessions.issueSession(row.id);
    const gia = { token, id: row.id, email: row.email, name: row.name, auth: { authorization: `Bearer ${token}` } };
    const res = await change(gia, { currentPassword: 'anything-1', newPassword: 'second-password-1' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(error('no_password', messages.account.noPasswordYet));
  });

  it('answers 401 without a token', async () => {
    const res = await change(undefined, { currentPassword: 'a-password-1', newPassword: 'second-password-1' });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    [{ newPassword: 'second-password-1' }, messages.login.passwordRequired],
    [{ currentPassword: '', newPassword: 'second-password-1' }, messages.login.passwordRequired],
    [{ currentPassword: 'x'.repeat(129), newPassword: 'second-password-1' }, messages.signup.passwordLong],
    [{ currentPassword: 'right-password-1' }, messages.signup.passwordRequired],
    [{ currentPassword: 'right-password-1', newPassword: '12345' }, messages.signup.passwordShort],
    [{ currentPassword: 'right-password-1', newPassword: 'y'.repeat(129) }, messages.signup.passwordLong],
  ])('validation %j', async (body, message) => {
    const val = await signUp(t.app, 'Val Id', `val-${++ip}@example.com`, 'right-password-1');
    const res = await change(val, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error('validation_error', message));
  });

  it('counts wrong current passwords like failed sign-ins: 429 past the limit from that address', async () => {
    const gus = await signUp(t.app, 'Gus Guess', 'gus@example.com', 'right-password-1');
    const from = '10.3.99.1';
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const res = await change(gus, { currentPassword: `guess-${i}-password`, newPassword: 'second-password-1' }, from);
      statuses.push(res.statusCode);
      if (res.statusCode === 429) break;
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    // Even the right password waits now, from this address.
    const right = await change(gus, { currentPassword: 'right-password-1', newPassword: 'second-password-1' }, from);
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
  });
});
