// The code step of a sign-in (B2B §15) on SQLite and PostgreSQL, codes computed in the test: a password answers a
// challenge and no token, a current code (one step either side, each once) or a recovery code (each once) finishes it
// as a login does, a challenge serves one sign-in for 5 minutes, and wrong codes are throttled per e-mail and address
// as wrong passwords are, so another address still signs in.
import { twoFactorMessages } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFrom, error, meStatus } from '../account-fixtures.js';
import { databases } from '../../../helpers/databases.js';
import { signUp, TEST_SECRET, type TestApp } from '../../../helpers/test-app.js';
import { createAccountsService } from '../../../../src/modules/accounts/index.js';
import {
  codeAt,
  createTwoFactorApp,
  nextIp,
  passwordStep,
  STEP_MS,
  turnOn,
  verify,
  type TestClock,
} from './two-factor-fixtures.js';

const PASSWORD = 'right-password-1';

describe.each(databases)('two-step sign-in on %s', (kind) => {
  let t: TestApp;
  let clock: TestClock;
  let n = 0;

  /** A new account with two-step sign-in on. */
  async function withTwoFactor() {
    const who = await signUp(t.app, 'Sam Step', `sam-${++n}@example.com`, PASSWORD);
    const { secret, recoveryCodes } = await turnOn(t.app, clock, who);
    return { who, secret, recoveryCodes };
  }

  beforeAll(async () => {
    ({ t, clock } = await createTwoFactorApp(kind));
  });
  afterAll(() => t.close());

  it('answers a challenge and no token for the password, then the login answer for the code', async () => {
    const { who, secret } = await withTwoFactor();
    const challenge = await passwordStep(t.app, who.email, PASSWORD);
    expect(challenge).toMatch(/^[\w-]{43}$/);
    const stored = await t.app.db
      .selectFrom('two_factor_challenges')
      .selectAll()
      .where('user_id', '=', who.id)
      .execute();
    expect(stored).toHaveLength(1);
    // Kept as a hash: the database alone cannot finish the sign-in.
    expect(stored[0]?.id_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.id_hash).not.toBe(challenge);
    expect(Date.parse(stored[0]?.expires_at ?? '') - Date.parse(stored[0]?.created_at ?? '')).toBe(5 * 60_000);

    const res = await verify(t.app, challenge, codeAt(secret, clock.now()));
    expect(res.statusCode).toBe(200);
    const body = res.json<{ token: string; user: Record<string, unknown> }>();
    expect(body.user).toEqual({
      _id: who.id,
      email: who.email,
      name: 'Sam Step',
      role: 'customer',
      emailVerified: false,
      company: null,
    });
    expect(await meStatus(t.app, body.token)).toBe(200);
  });

  it('still refuses a wrong password with 401 and no challenge', async () => {
    const { who } = await withTwoFactor();
    const res = await callFrom(t.app, nextIp(), 'POST', '/api/auth/login', {
      email: who.email,
      password: 'wrong-pw-1',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('invalid_credentials');
  });

  it('refuses a code used once already, even within its 30 seconds', async () => {
    const { who, secret } = await withTwoFactor();
    const code = codeAt(secret, clock.now());
    expect((await verify(t.app, await passwordStep(t.app, who.email, PASSWORD), code)).statusCode).toBe(200);
    const again = await verify(t.app, await passwordStep(t.app, who.email, PASSWORD), code);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(error('invalid_code', twoFactorMessages.wrongCode));
  });

  it('accepts the code of the step before and of the step after, not two steps away', async () => {
    const { who, secret } = await withTwoFactor();
    // Past the enabling step, so the step before now has not been used.
    clock.advance(2 * STEP_MS);
    const tryCode = async (offsetSteps: number) => {
      const challenge = await passwordStep(t.app, who.email, PASSWORD);
      return (await verify(t.app, challenge, codeAt(secret, clock.now() + offsetSteps * STEP_MS))).statusCode;
    };
    expect(await tryCode(-2)).toBe(401);
    expect(await tryCode(2)).toBe(401);
    expect(await tryCode(-1)).toBe(200);
    expect(await tryCode(1)).toBe(200);
    // The step after was used: now's code, an earlier step, is spent with it.
    expect(await tryCode(0)).toBe(401);
    clock.advance(2 * STEP_MS);
    expect(await tryCode(0)).toBe(200);
  });

  it('refuses a challenge past its 5 minutes', async () => {
    const { who, secret } = await withTwoFactor();
    const challenge = await passwordStep(t.app, who.email, PASSWORD);
    clock.advance(5 * 60_000);
    const res = await verify(t.app, challenge, codeAt(secret, clock.now()));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(error('challenge_expired', twoFactorMessages.challengeExpired));
    // A minute less works.
    const fresh = await passwordStep(t.app, who.email, PASSWORD);
    clock.advance(4 * 60_000);
    expect((await verify(t.app, fresh, codeAt(secret, clock.now()))).statusCode).toBe(200);
  });

  it('serves one sign-in per challenge: a second use with another good code is refused', async () => {
    const { who, secret } = await withTwoFactor();
    const challenge = await passwordStep(t.app, who.email, PASSWORD);
    expect((await verify(t.app, challenge, codeAt(secret, clock.now()))).statusCode).toBe(200);
    clock.advance(STEP_MS);
    const again = await verify(t.app, challenge, codeAt(secret, clock.now()));
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(error('challenge_expired', twoFactorMessages.challengeExpired));
    const made = await verify(t.app, 'x'.repeat(43), codeAt(secret, clock.now()));
    expect(made.statusCode).toBe(401);
    expect(made.json().error.code).toBe('challenge_expired');
  });

  it('lets one of two racing requests with the same challenge and code win, and refuses the other', async () => {
    const { who, secret } = await withTwoFactor();
    const challenge = await passwordStep(t.app, who.email, PASSWORD);
    const code = codeAt(secret, clock.now());
    const answers = await Promise.all([verify(t.app, challenge, code), verify(t.app, challenge, code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const live = await t.app.db.selectFrom('sessions').select('id').where('user_id', '=', who.id).execute();
    // The sign-up's session, and the one sign-in that won.
    expect(live).toHaveLength(2);
  });

  it('keeps the challenge after a wrong code, so the right one still finishes the sign-in', async () => {
    const { who, secret } = await withTwoFactor();
    const challenge = await passwordStep(t.app, who.email, PASSWORD);
    expect((await verify(t.app, challenge, codeAt(secret, clock.now() + 3 * STEP_MS))).statusCode).toBe(401);
    expect((await verify(t.app, challenge, codeAt(secret, clock.now()))).statusCode).toBe(200);
  });

  it('takes each recovery code once, typed in any case and with or without its dash', async () => {
    const { who, recoveryCodes } = await withTwoFactor();
    const [first = '', second = ''] = recoveryCodes;
    const one = await verify(t.app, await passwordStep(t.app, who.email, PASSWORD), first);
    expect(one.statusCode).toBe(200);
    const reused = await verify(t.app, await passwordStep(t.app, who.email, PASSWORD), first.toUpperCase());
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual(error('invalid_code', twoFactorMessages.wrongCode));
    const two = await verify(t.app, await passwordStep(t.app, who.email, PASSWORD), second.replace('-', ''));
    expect(two.statusCode).toBe(200);
    const state = await callFrom(t.app, nextIp(), 'GET', '/api/auth/2fa', undefined, {
      ...who,
      auth: { authorization: `Bearer ${two.json<{ token: string }>().token}` },
    });
    expect(state.json()).toEqual({ enabled: true, recoveryCodesLeft: 8 });
    const used = await t.app.db
      .selectFrom('two_factor_recovery_codes')
      .select('used_at')
      .where('user_id', '=', who.id)
      .where('used_at', 'is not', null)
      .execute();
    expect(used).toHaveLength(2);
  });

  it('throttles wrong codes per e-mail and address: 429 there after 10, while another address signs in', async () => {
    const { who, secret } = await withTwoFactor();
    const here = nextIp();
    const challenge = await passwordStep(t.app, who.email, PASSWORD, here);
    const wrong = codeAt(secret, clock.now() + 7 * STEP_MS);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await verify(t.app, challenge, wrong, here)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401, 401, 429]);
    // The right code waits too, from this address.
    const right = await verify(t.app, challenge, codeAt(secret, clock.now()), here);
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBe(String(15 * 60));
    // From another address the owner signs in.
    const there = nextIp();
    const theirs = await verify(
      t.app,
      await passwordStep(t.app, who.email, PASSWORD, there),
      codeAt(secret, clock.now()),
      there,
    );
    expect(theirs.statusCode).toBe(200);
  });

  it('counts a code guessed after a right password: signing in again does not clear the count', async () => {
    const { who, secret } = await withTwoFactor();
    const here = nextIp();
    const wrong = codeAt(secret, clock.now() + 9 * STEP_MS);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push(
        (await verify(t.app, await passwordStep(t.app, who.email, PASSWORD, here), wrong, here)).statusCode,
      );
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    const login = await callFrom(t.app, here, 'POST', '/api/auth/login', { email: who.email, password: PASSWORD });
    expect(login.statusCode).toBe(429);
  });

  it('the account-prune job deletes challenges past their 5 minutes and keeps live ones', async () => {
    const { who } = await withTwoFactor();
    await passwordStep(t.app, who.email, PASSWORD);
    clock.advance(5 * 60_000);
    await passwordStep(t.app, who.email, PASSWORD);
    const accounts = createAccountsService(t.app.db, TEST_SECRET, { now: clock.now });
    expect((await accounts.pruneDead()).challenges).toBeGreaterThanOrEqual(1);
    const left = await t.app.db
      .selectFrom('two_factor_challenges')
      .select('expires_at')
      .where('user_id', '=', who.id)
      .execute();
    expect(left.map((r) => r.expires_at)).toEqual([new Date(clock.now() + 5 * 60_000).toISOString()]);
  });

  it.each([
    [{ code: '123456' }, twoFactorMessages.challengeRequired],
    [{ challenge: 'abc' }, twoFactorMessages.codeRequired],
    [{ challenge: 'abc', code: '12345' }, twoFactorMessages.codeOrRecoveryInvalid],
    [{ challenge: 'abc', code: 'not-a-code!' }, twoFactorMessages.codeOrRecoveryInvalid],
  ])('verify validates %j', async (body, message) => {
    const res = await callFrom(t.app, nextIp(), 'POST', '/api/auth/2fa/verify', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error('validation_error', message));
  });
});
