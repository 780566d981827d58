// Setting up, turning on and turning off two-step sign-in (B2B §15) on SQLite and PostgreSQL, with codes computed in
// the test from the secret the setup answered: the secret kept sealed, a second setup replacing an unfinished one,
// the recovery codes kept as hashes, the other sessions ended on enable, and both factors needed to turn it off.
import { messages, twoFactorMessages } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../../src/modules/accounts/identity.js';
import { callFrom, error, meStatus } from '../account-fixtures.js';
import { databases } from '../../../helpers/databases.js';
import { logIn, signUp, type SignedIn, type TestApp } from '../../../helpers/test-app.js';
import {
  codeAt,
  createTwoFactorApp,
  nextIp,
  passwordStep,
  setUp,
  STEP_MS,
  turnOn,
  verify,
  type TestClock,
} from './two-factor-fixtures.js';

describe.each(databases)('two-step sign-in setup on %s', (kind) => {
  let t: TestApp;
  let clock: TestClock;
  let n = 0;
  const person = (password = 'right-password-1') => signUp(t.app, 'Tia Two', `tia-${++n}@example.com`, password);
  const post = (who: SignedIn | undefined, url: string, body?: unknown) =>
    callFrom(t.app, nextIp(), 'POST', url, body, who);
  const status = async (who: SignedIn) =>
    (await callFrom(t.app, nextIp(), 'GET', '/api/auth/2fa', undefined, who)).json();

  beforeAll(async () => {
    ({ t, clock } = await createTwoFactorApp(kind));
  });
  afterAll(() => t.close());

  it('answers a base32 secret and its otpauth URL, and keeps the secret sealed', async () => {
    const tia = await person();
    const { secret, otpauthUrl } = await setUp(t.app, tia);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/Kestrel Components:${tia.email}`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      issuer: 'Kestrel Components',
      secret,
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    const row = await t.app.db.selectFrom('two_factor').selectAll().where('user_id', '=', tia.id).executeTakeFirst();
    expect(row?.secret_sealed.startsWith('sealed.v1.')).toBe(true);
    expect(row?.secret_sealed).not.toContain(secret);
    expect(row?.enabled_at).toBeNull();
    expect(await status(tia)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  });

  it('turns on with a current code: 10 recovery codes, stored only as hashes, and the other sessions end', async () => {
    const tia = await person();
    const elsewhere = await logIn(t.app, tia.email, 'right-password-1');
    const { secret } = await setUp(t.app, tia);
    const res = await post(tia, '/api/auth/2fa/enable', { code: codeAt(secret, clock.now()) });
    expect(res.statusCode).toBe(200);
    const { recoveryCodes } = res.json<{ recoveryCodes: string[] }>();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await t.app.db
      .selectFrom('two_factor_recovery_codes')
      .selectAll()
      .where('user_id', '=', tia.id)
      .execute();
    expect(stored).toHaveLength(10);
    const hashes = stored.map((r) => r.code_hash);
    for (const code of recoveryCodes) {
      expect(hashes).not.toContain(code);
      expect(hashes.some((h) => h.includes(code.replace('-', '')))).toBe(false);
    }
    expect(await meStatus(t.app, tia.token)).toBe(200);
    expect(await meStatus(t.app, elsewhere.token)).toBe(401);
    expect(await status(tia)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    clock.advance(STEP_MS);
  });

  it('replaces an unfinished setup: the first secret no longer turns it on', async () => {
    const tia = await person();
    const first = await setUp(t.app, tia);
    const second = await setUp(t.app, tia);
    expect(second.secret).not.toBe(first.secret);
    const old = await post(tia, '/api/auth/2fa/enable', { code: codeAt(first.secret, clock.now()) });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual(error('invalid_code', twoFactorMessages.wrongCode));
    const right = await post(tia, '/api/auth/2fa/enable', { code: codeAt(second.secret, clock.now()) });
    expect(right.statusCode).toBe(200);
    clock.advance(STEP_MS);
  });

  it('answers two setups racing for a new account both, with one row whose secret is one of theirs', async () => {
    const tia = await person();
    const [a, b] = await Promise.all([post(tia, '/api/auth/2fa/setup'), post(tia, '/api/auth/2fa/setup')]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const rows = await t.app.db.selectFrom('two_factor').select('user_id').where('user_id', '=', tia.id).execute();
    expect(rows).toHaveLength(1);
    const secrets = [a.json<{ secret: string }>().secret, b.json<{ secret: string }>().secret];
    const turnedOn = await Promise.all(
      secrets.map((secret) => post(tia, '/api/auth/2fa/enable', { code: codeAt(secret, clock.now()) })),
    );
    // The other secret's enable fails: 400 if it reads the row before the winner turns it on, 409 after.
    const [won, lost] = turnedOn.map((r) => r.statusCode).sort();
    expect(won).toBe(200);
    expect([400, 409]).toContain(lost);
    clock.advance(STEP_MS);
  });

  it('refuses a setup or an enable once it is on (409 two_factor_on), and an enable before any setup', async () => {
    const tia = await person();
    const none = await post(tia, '/api/auth/2fa/enable', { code: '123456' });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual(error('two_factor_not_set_up', twoFactorMessages.setupFirst));
    const { secret } = await turnOn(t.app, clock, tia);
    const again = await post(tia, '/api/auth/2fa/setup');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(error('two_factor_on', twoFactorMessages.alreadyOn));
    const enable = await post(tia, '/api/auth/2fa/enable', { code: codeAt(secret, clock.now()) });
    expect(enable.statusCode).toBe(409);
    // The secret is unchanged: a code of it still finishes a sign-in.
    const challenge = await passwordStep(t.app, tia.email, 'right-password-1');
    expect((await verify(t.app, challenge, codeAt(secret, clock.now()))).statusCode).toBe(200);
  });

  it('refuses an enable with a wrong code (400 invalid_code) and leaves it off', async () => {
    const tia = await person();
    const { secret } = await setUp(t.app, tia);
    const wrongCode = codeAt(secret, clock.now() + 5 * STEP_MS);
    const res = await post(tia, '/api/auth/2fa/enable', { code: wrongCode });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error('invalid_code', twoFactorMessages.wrongCode));
    expect(await status(tia)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    expect((await logIn(t.app, tia.email, 'right-password-1')).token).toBeTruthy();
  });

  it.each([
    [{}, twoFactorMessages.codeRequired],
    [{ code: '' }, twoFactorMessages.codeRequired],
    [{ code: '12345' }, twoFactorMessages.codeInvalid],
    [{ code: 'abcdef' }, twoFactorMessages.codeInvalid],
    [{ code: 123456 }, twoFactorMessages.codeRequired],
  ])('enable validates %j', async (body, message) => {
    const tia = await person();
    await setUp(t.app, tia);
    const res = await post(tia, '/api/auth/2fa/enable', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error('validation_error', message));
    expect(await status(tia)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  });

  it('answers 401 to every call without a token', async () => {
    for (const url of ['/api/auth/2fa/setup', '/api/auth/2fa/enable', '/api/auth/2fa/disable']) {
      expect((await post(undefined, url, { code: '123456', password: 'x-password' })).statusCode).toBe(401);
    }
    expect((await callFrom(t.app, nextIp(), 'GET', '/api/auth/2fa')).statusCode).toBe(401);
  });

  it('turns off with the password and a code; sign-in then answers a token again', async () => {
    const tia = await person();
    const { secret } = await turnOn(t.app, clock, tia);
    const wrongPassword = await post(tia, '/api/auth/2fa/disable', {
      password: 'wrong-password-1',
      code: codeAt(secret, clock.now()),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toEqual(error('wrong_password', messages.account.wrongCurrentPassword));
    const wrongCode = await post(tia, '/api/auth/2fa/disable', {
      password: 'right-password-1',
      code: codeAt(secret, clock.now() + 4 * STEP_MS),
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json()).toEqual(error('invalid_code', twoFactorMessages.wrongCode));
    expect(await status(tia)).toEqual({ enabled: true, recoveryCodesLeft: 10 });

    const off = await post(tia, '/api/auth/2fa/disable', {
      password: 'right-password-1',
      code: codeAt(secret, clock.now()),
    });
    expect(off.statusCode).toBe(204);
    expect(await status(tia)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    const codesLeft = await t.app.db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', tia.id)
      .execute();
    expect(codesLeft).toEqual([]);
    const login = await callFrom(t.app, nextIp(), 'POST', '/api/auth/login', {
      email: tia.email,
      password: 'right-password-1',
    });
    expect(login.statusCode).toBe(200);
    expect(typeof login.json().token).toBe('string');
    // Off: a second disable is 409.
    const again = await post(tia, '/api/auth/2fa/disable', { password: 'right-password-1', code: '123456' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(error('two_factor_off', twoFactorMessages.notOn));
  });

  it('turns off with a recovery code instead of a current one', async () => {
    const tia = await person();
    const { recoveryCodes } = await turnOn(t.app, clock, tia);
    const res = await post(tia, '/api/auth/2fa/disable', {
      password: 'right-password-1',
      code: recoveryCodes[3]?.toUpperCase(),
    });
    expect(res.statusCode).toBe(204);
    expect(await status(tia)).toEqual({ enabled: false, recoveryCodesLeft: 0 });
  });

  it('answers 409 no_password to a Google-only account: it chooses a password first', async () => {
    const row = await createUser(t.app.db, {
      email: `gia-${++n}@example.com`,
      name: 'Gia',
      passwordHash: null,
      emailVerified: true,
    });
    const token = await t.app.sessions.issueSession(row.id);
    const gia = { token, id: row.id, email: row.email, name: row.name, auth: { authorization: `Bearer ${token}` } };
    const { secret } = await turnOn(t.app, clock, gia);
    const res = await post(gia, '/api/auth/2fa/disable', { password: 'anything-1', code: codeAt(secret, clock.now()) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(error('no_password', twoFactorMessages.noPassword));
    expect(await status(gia)).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });
});
