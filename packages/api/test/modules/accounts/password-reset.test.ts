// POST /auth/password/forgot and /auth/password/reset (B2B §7) on SQLite and PostgreSQL: the link arrives by mail at
// a real SMTP server and works once, within 30 minutes; using it ends every session; the answer never tells whether
// an account has the e-mail, neither by its body nor by its time.
import { messages } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../src/modules/accounts/identity.js';
import { createAccountsService } from '../../../src/modules/accounts/index.js';
import { databases } from '../../helpers/databases.js';
import { freePort } from '../../helpers/free-port.js';
import { createTestApp, logIn, signUp, TEST_SECRET, type TestApp } from '../../helpers/test-app.js';
import { smtpSink, type SmtpSink } from '../mail/smtp-sink.js';
import { callFrom, error, lastMailedToken, mailedTokens, meStatus } from './account-fixtures.js';

const PUBLIC_URL = 'https://shop.kestrel.example';
const MINUTE = 60_000;

describe.each(databases)('password reset on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpSink;
  let ip = 0;
  /** A fresh client address per test: the per-address limit is tested on its own. */
  const nextIp = () => `10.1.0.${++ip}`;
  const forgot = (email: string, from = nextIp()) =>
    callFrom(t.app, from, 'POST', '/api/auth/password/forgot', { email });
  const reset = (token: string, password: string, from = nextIp()) =>
    callFrom(t.app, from, 'POST', '/api/auth/password/reset', { token, password });

  beforeAll(async () => {
    smtp = smtpSink(await freePort());
    await smtp.start();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, MAIL_FROM: 'shop@kestrel.example', PUBLIC_URL });
  });
  afterAll(async () => {
    await t.close();
    await smtp.stop();
  });

  it('mails a link that sets the password once and signs every session out', async () => {
    const ann = await signUp(t.app, 'Ann Buyer', 'ann@example.com', 'old-password-1');
    const other = await logIn(t.app, 'ann@example.com', 'old-password-1');
    const res = await forgot('Ann@Example.com');
    expect(res.statusCode).toBe(202);
    expect(res.body).toBe('null');

    expect((await t.app.mail.deliverDue()).sent).toBeGreaterThanOrEqual(1);
    const message = smtp.received.find(
      (m) => m.envelopeTo.includes('ann@example.com') && m.headers.get('subject')?.startsWith('Reset'),
    );
    expect(message?.headers.get('subject')).toBe('Reset your Kestrel Components password');
    const link = /https:\/\/shop\.kestrel\.example\/reset-password\/(\S+)/.exec(message?.text ?? '');
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[1] ?? '');
    expect(token).toMatch(/^[\w-]{43}$/);
    // Only its hash is stored.
    const stored = await t.app.db.selectFrom('account_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    const used = await reset(token, 'new-password-1');
    expect(used.statusCode).toBe(204);
    expect(used.body).toBe('');
    expect(await meStatus(t.app, ann.token)).toBe(401);
    expect(await meStatus(t.app, other.token)).toBe(401);
    const oldTry = await callFrom(t.app, nextIp(), 'POST', '/api/auth/login', {
      email: 'ann@example.com',
      password: 'old-password-1',
    });
    expect(oldTry.statusCode).toBe(401);
    const fresh = await logIn(t.app, 'ann@example.com', 'new-password-1');
    // The link proved the mailbox.
    expect((await t.app.inject({ url: '/api/auth/me', headers: fresh.auth })).json().emailVerified).toBe(true);

    const again = await reset(token, 'another-password-1');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(error('invalid_token', messages.account.invalidToken));
  });

  it('answers alike for a known and an unknown e-mail, and mails only the known one', async () => {
    await signUp(t.app, 'Kim Known', 'kim@example.com');
    const known = await forgot('kim@example.com');
    const unknown = await forgot('nobody-here@example.com');
    expect([known.statusCode, known.body, known.headers['content-type']]).toEqual([
      unknown.statusCode,
      unknown.body,
      unknown.headers['content-type'],
    ]);
    expect(known.statusCode).toBe(202);
    expect(await mailedTokens(t.app, 'kim@example.com', 'password-reset')).toHaveLength(1);
    expect(await mailedTokens(t.app, 'nobody-here@example.com', 'password-reset')).toHaveLength(0);
  });

  it('takes as long for a known e-mail as for an unknown one, but for one short transaction (medians of 15)', async () => {
    // Distinct accounts, so every known call takes the full path (token and mail written, no throttle).
    for (let i = 0; i < 15; i++) {
      await createUser(t.app.db, { email: `timing-${i}@example.com`, name: `Timing ${i}`, passwordHash: null });
    }
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    const commitMs: number[] = [];
    const time = async (work: () => Promise<unknown>) => {
      const started = performance.now();
      await work();
      return performance.now() - started;
    };
    const forgotIn202 = async (email: string) => expect((await forgot(email)).statusCode).toBe(202);
    // What a known e-mail costs more by design (password-care.ts): one short transaction, whose commit waits for the
    // disk. Timed beside the calls, so a machine whose disk is busy (other tests' databases) is held to its own speed.
    const oneCommit = () =>
      t.app.db
        .transaction()
        .execute((trx) =>
          trx.updateTable('users').set({ name: 'Timing 0' }).where('email', '=', 'timing-0@example.com').execute(),
        );
    // Interleaved, so a slower moment of the machine weighs on all three.
    for (let i = 0; i < 15; i++) {
      knownMs.push(await time(() => forgotIn202(`timing-${i}@example.com`)));
      unknownMs.push(await time(() => forgotIn202(`timing-unknown-${i}@example.com`)));
      commitMs.push(await time(oneCommit));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[7] ?? 0;
    const gap = median(knownMs) - median(unknownMs);
    console.info(
      `forgot timing on ${kind}: known median ${median(knownMs).toFixed(2)} ms, unknown ${median(unknownMs).toFixed(2)} ms, one commit ${median(commitMs).toFixed(2)} ms`,
    );
    // 15 ms of slack beyond that transaction: a mail sent while the caller waits, or a password hashed for a known
    // account only, would each take longer than that.
    expect(Math.abs(gap)).toBeLessThan(15 + median(commitMs));
    expect(await mailedTokens(t.app, 'timing-14@example.com', 'password-reset')).toHaveLength(1);
  });

  it('mails at most one link a minute per account; later asks still answer 202', async () => {
    await signUp(t.app, 'Tess Throttle', 'tess@example.com');
    expect((await forgot('tess@example.com')).statusCode).toBe(202);
    expect((await forgot('tess@example.com')).statusCode).toBe(202);
    expect(await mailedTokens(t.app, 'tess@example.com', 'password-reset')).toHaveLength(1);
    // A minute later (the first token made 61 s ago), the next ask sends again.
    const past = new Date(Date.now() - 61_000).toISOString();
    await t.app.db
      .updateTable('account_tokens')
      .set({ created_at: past })
      .where('purpose', '=', 'password-reset')
      .execute();
    expect((await forgot('tess@example.com')).statusCode).toBe(202);
    expect(await mailedTokens(t.app, 'tess@example.com', 'password-reset')).toHaveLength(2);
  });

  it('sends one link for asks that arrive together', async () => {
    await signUp(t.app, 'Tom Together', 'tom@example.com');
    const answers = await Promise.all([1, 2, 3, 4].map(() => forgot('tom@example.com')));
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202, 202]);
    expect(await mailedTokens(t.app, 'tom@example.com', 'password-reset')).toHaveLength(1);
  });

  it('refuses a link 30 minutes and 1 ms after it was made', async () => {
    await signUp(t.app, 'Eve Expired', 'eve@example.com');
    await forgot('eve@example.com');
    const token = await lastMailedToken(t.app, 'eve@example.com', 'password-reset');
    // Made 30 min + 1 ms ago: both times move back, so the row stays as the app wrote it otherwise.
    const row = await t.app.db
      .selectFrom('account_tokens')
      .innerJoin('users', 'users.id', 'account_tokens.user_id')
      .select(['account_tokens.id', 'account_tokens.created_at', 'account_tokens.expires_at'])
      .where('users.email', '=', 'eve@example.com')
      .where('purpose', '=', 'password-reset')
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(30 * MINUTE);
    const back = (iso: string) => new Date(Date.parse(iso) - 30 * MINUTE - 1).toISOString();
    await t.app.db
      .updateTable('account_tokens')
      .set({ created_at: back(row.created_at), expires_at: back(row.expires_at) })
      .where('id', '=', row.id)
      .execute();
    const res = await reset(token, 'new-password-1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error('invalid_token', messages.account.invalidToken));
    expect((await logIn(t.app, 'eve@example.com', 'password-123')).id).toBeTruthy();
  });

  it('works up to its 30th minute and not at 30 min + 1 ms (a controlled clock)', async () => {
    let clock = Date.parse('2026-06-01T10:00:00.000Z');
    const accounts = createAccountsService(t.app.db, TEST_SECRET, { mail: t.app.mail, now: () => clock });
    await signUp(t.app, 'Cleo Clock', 'cleo@example.com');
    await accounts.requestPasswordReset('cleo@example.com');
    const first = await lastMailedToken(t.app, 'cleo@example.com', 'password-reset');
    clock += 30 * MINUTE - 1;
    await accounts.resetPassword(first, 'clock-password-1');
    clock += 2 * MINUTE;
    await accounts.requestPasswordReset('cleo@example.com');
    const second = await lastMailedToken(t.app, 'cleo@example.com', 'password-reset');
    expect(second).not.toBe(first);
    clock += 30 * MINUTE + 1;
    await expect(accounts.resetPassword(second, 'clock-password-2')).rejects.toMatchObject({
      statusCode: 400,
      code: 'invalid_token',
    });
  });

  it('gives one of two racing uses of a token 204 and the other 400', async () => {
    await signUp(t.app, 'Rae Race', 'rae@example.com');
    await forgot('rae@example.com');
    const token = await lastMailedToken(t.app, 'rae@example.com', 'password-reset');
    const answers = await Promise.all([reset(token, 'race-password-1'), reset(token, 'race-password-2')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([204, 400]);
    const loser = answers.find((a) => a.statusCode === 400);
    expect(loser?.json()).toEqual(error('invalid_token', messages.account.invalidToken));
    const winner = answers.findIndex((a) => a.statusCode === 204);
    expect((await logIn(t.app, 'rae@example.com', `race-password-${winner + 1}`)).id).toBeTruthy();
  });

  it('ends the other links of the account when one is used', async () => {
    await signUp(t.app, 'Otto Other', 'otto@example.com');
    await forgot('otto@example.com');
    const older = await lastMailedToken(t.app, 'otto@example.com', 'password-reset');
    await t.app.db
      .updateTable('account_tokens')
      .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
      .where('purpose', '=', 'password-reset')
      .execute();
    await forgot('otto@example.com');
    const newer = await lastMailedToken(t.app, 'otto@example.com', 'password-reset');
    expect((await reset(newer, 'otto-password-1')).statusCode).toBe(204);
    expect((await reset(older, 'otto-password-2')).statusCode).toBe(400);
  });

  it('refuses a common password and leaves the link working', async () => {
    await signUp(t.app, 'Cy Common', 'cy@example.com');
    await forgot('cy@example.com');
    const token = await lastMailedToken(t.app, 'cy@example.com', 'password-reset');
    const common = await reset(token, 'Password123');
    expect(common.statusCode).toBe(400);
    expect(common.json()).toEqual(error('password_too_common', messages.signup.passwordCommon));
    expect((await reset(token, 'uncommon-password-1')).statusCode).toBe(204);
  });

  it.each([
    ['forgot', {}, messages.login.emailRequired],
    ['forgot', { email: 'not-an-email' }, messages.login.emailInvalid],
    ['reset', { password: 'new-password-1' }, messages.account.invalidToken],
    ['reset', { token: '', password: 'new-password-1' }, messages.account.invalidToken],
    ['reset', { token: 'x'.repeat(201), password: 'new-password-1' }, messages.account.invalidToken],
    ['reset', { token: 'abc' }, messages.signup.passwordRequired],
    ['reset', { token: 'abc', password: '12345' }, messages.signup.passwordShort],
    ['reset', { token: 'abc', password: 'x'.repeat(129) }, messages.signup.passwordLong],
  ])('%s validation %j', async (call, body, message) => {
    const res = await callFrom(t.app, nextIp(), 'POST', `/api/auth/password/${call}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error('validation_error', message));
  });

  it('refuses an unknown token with 400 invalid_token', async () => {
    const res = await reset('not-a-token-anyone-was-sent', 'new-password-1');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error('invalid_token', messages.account.invalidToken));
  });
});

describe('password reset limits per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { AUTH_ATTEMPTS_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it.each([
    ['forgot', { email: 'someone@example.com' }, 202],
    ['reset', { token: 'unknown-token', password: 'new-password-1' }, 400],
  ])('%s: 429 with Retry-After past the attempts of one address', async (call, body, allowed) => {
    const ip = call === 'forgot' ? '10.9.0.1' : '10.9.0.2';
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await callFrom(t.app, ip, 'POST', `/api/auth/password/${call}`, body));
    expect(answers.map((a) => a.statusCode)).toEqual([allowed, allowed, allowed, 429]);
    expect(answers[3]?.headers['retry-after']).toBeDefined();
    expect(answers[3]?.json().error.code).toBe('rate_limited');
    // Another address is not slowed.
    expect((await callFrom(t.app, '10.9.0.3', 'POST', `/api/auth/password/${call}`, body)).statusCode).toBe(allowed);
  });
});
