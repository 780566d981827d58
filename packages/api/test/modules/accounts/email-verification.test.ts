// E-mail confirmation (B2B §7) on SQLite and PostgreSQL: sign-up queues the mail with the account, the link's token
// confirms once (a second click is fine), users carry emailVerified, and a signed-in user may ask for another link.
import { messages } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call, createTestApp, signUp, type TestApp } from '../../helpers/test-app.js';
import { callFrom, error, lastMailedToken, mailedTokens } from './account-fixtures.js';

const PUBLIC_URL = 'https://shop.kestrel.example';

describe.each(databases)('e-mail confirmation on %s', (kind) => {
  let t: TestApp;
  let ip = 0;
  const verify = (token: unknown) => callFrom(t.app, `10.4.0.${++ip}`, 'POST', '/api/auth/verify-email', { token });
  const me = async (token: string) =>
    (await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })).json<{
      emailVerified: boolean;
    }>();

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL });
  });
  afterAll(() => t.close());

  it('sign-up answers an unconfirmed user and queues the confirmation mail with the account', async () => {
    const res = await call(t.app, 'POST', '/api/auth/signup', undefined, {
      name: 'Sam Signup',
      email: 'Sam@Example.com',
      password: 'password-123',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toEqual({
      _id: res.json().user._id,
      email: 'sam@example.com',
      name: 'Sam Signup',
      role: 'customer',
      emailVerified: false,
      company: null,
    });
    const rows = await t.app.db
      .selectFrom('mail_outbox')
      .select(['kind', 'to_address', 'subject', 'status', 'content'])
      .where('to_address', '=', 'sam@example.com')
      .execute();
    expect(rows.map((r) => [r.kind, r.subject, r.status])).toEqual([
      ['email-verification', 'Confirm your e-mail address for Kestrel Components', 'queued'],
    ]);
    const token = await lastMailedToken(t.app, 'sam@example.com', 'email-verification');
    const { text } = t.app.mail.bodies(rows[0]?.content ?? '');
    expect(text).toContain(`${PUBLIC_URL}/verify-email/${token}`);
    // A token lives 48 hours.
    const stored = await t.app.db
      .selectFrom('account_tokens')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', res.json().user._id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(stored.expires_at) - Date.parse(stored.created_at)).toBe(48 * 3_600_000);
  });

  it('confirms with the link (no sign-in needed), at once for signed-in requests; a second click is 204 too', async () => {
    const vic = await signUp(t.app, 'Vic Verify', 'vic@example.com');
    expect((await me(vic.token)).emailVerified).toBe(false);
    const token = await lastMailedToken(t.app, 'vic@example.com', 'email-verification');
    const res = await verify(token);
    expect(res.statusCode).toBe(204);
    expect((await me(vic.token)).emailVerified).toBe(true);
    expect((await verify(token)).statusCode).toBe(204);
    const users = await t.app.db.selectFrom('users').select('email_verified').where('id', '=', vic.id).execute();
    expect(users).toEqual([{ email_verified: 1 }]);
  });

  it('refuses an unknown or expired token with 400 invalid_token', async () => {
    const unknown = await verify('no-such-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(error('invalid_token', messages.account.invalidToken));

    const exa = await signUp(t.app, 'Exa Expired', 'exa@example.com');
    const token = await lastMailedToken(t.app, 'exa@example.com', 'email-verification');
    await t.app.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where('user_id', '=', exa.id)
      .execute();
    const expired = await verify(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual(error('invalid_token', messages.account.invalidToken));
    expect((await me(exa.token)).emailVerified).toBe(false);
  });

  it.each([[{}], [{ token: '' }], [{ token: 'x'.repeat(201) }]])('validation %j', async (body) => {
    const res = await callFrom(t.app, '10.4.1.1', 'POST', '/api/auth/verify-email', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error('validation_error', messages.account.invalidToken));
  });

  it('mails a new link on request (at most one a minute); the new link confirms', async () => {
    const ria = await signUp(t.app, 'Ria Resend', 'ria@example.com');
    // The sign-up mail was made within the minute: nothing more is sent yet.
    const early = await call(t.app, 'POST', '/api/auth/verify-email/resend', ria);
    expect(early.statusCode).toBe(202);
    expect(early.body).toBe('null');
    expect(await mailedTokens(t.app, 'ria@example.com', 'email-verification')).toHaveLength(1);
    await t.app.db
      .updateTable('account_tokens')
      .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
      .where('user_id', '=', ria.id)
      .execute();
    expect((await call(t.app, 'POST', '/api/auth/verify-email/resend', ria)).statusCode).toBe(202);
    expect((await call(t.app, 'POST', '/api/auth/verify-email/resend', ria)).statusCode).toBe(202);
    const tokens = await mailedTokens(t.app, 'ria@example.com', 'email-verification');
    expect(tokens).toHaveLength(2);
    expect((await verify(tokens[1])).statusCode).toBe(204);
    // The older link ended with the confirmation, and the account is confirmed: a click still answers 204.
    expect((await verify(tokens[0])).statusCode).toBe(204);

    const again = await call(t.app, 'POST', '/api/auth/verify-email/resend', ria);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(error('already_verified', messages.account.alreadyVerified));
  });

  it('resend answers 401 without a token', async () => {
    expect((await call(t.app, 'POST', '/api/auth/verify-email/resend')).statusCode).toBe(401);
  });
});

describe('e-mail confirmation limits per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { AUTH_ATTEMPTS_PER_MINUTE: '2' });
  });
  afterAll(() => t.close());

  it('answers 429 past the attempts of one address', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (await callFrom(t.app, '10.4.9.1', 'POST', '/api/auth/verify-email', { token: 'nope' })).statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 429]);
  });
});
