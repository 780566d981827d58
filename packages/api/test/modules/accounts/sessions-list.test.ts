// The caller's sessions (B2B §7) on SQLite and PostgreSQL: GET /auth/sessions, DELETE /auth/sessions/{id},
// POST /auth/logout-all; at most 10 live sessions per user; the account-prune job deleting dead rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPruneJob, createAccountsService } from '../../../src/modules/accounts/index.js';
import { MAX_SESSIONS_PER_USER, SESSION_IDLE_MS } from '../../../src/modules/accounts/sessions.js';
import { databases } from '../../helpers/databases.js';
import {
  call,
  createTestApp,
  logIn,
  signedIn,
  signUp,
  TEST_SECRET,
  type SignedIn,
  type TestApp,
} from '../../helpers/test-app.js';
import { callFrom, error, meStatus } from './account-fixtures.js';

interface SessionAnswer {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  current: boolean;
}

describe.each(databases)('sessions of the caller on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_ATTEMPTS_PER_MINUTE: '1000' });
  });
  afterAll(() => t.close());

  const signInWith = async (email: string, password: string, userAgent?: string): Promise<SignedIn> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      headers: userAgent === undefined ? {} : { 'user-agent': userAgent },
    });
    expect(res.statusCode).toBe(200);
    return signedIn(res);
  };
  const list = async (who: SignedIn) => {
    const res = await call(t.app, 'GET', '/api/auth/sessions', who);
    expect(res.statusCode).toBe(200);
    return res.json<SessionAnswer[]>();
  };

  it('lists live sessions newest first, with the sign-in User-Agent (200 characters at most) and the current one', async () => {
    const first = await signUp(t.app, 'Lea List', 'lea@example.com');
    // An empty header counts as none.
    await signInWith('lea@example.com', 'password-123', '');
    const phone = await signInWith('lea@example.com', 'password-123', 'Phone/1.0');
    const long = await signInWith('lea@example.com', 'password-123', `Desk/${'x'.repeat(300)}`);
    const sessions = await list(phone);
    expect(sessions.map((s) => s.userAgent)).toEqual([`Desk/${'x'.repeat(195)}`, 'Phone/1.0', null, 'lightMyRequest']);
    expect(sessions.map((s) => s.current)).toEqual([false, true, false, false]);
    const [newest] = sessions;
    expect(newest?.id).toMatch(/^[0-9a-f]{24}$/);
    expect(newest?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(newest?.lastSeenAt).toBe(newest?.createdAt);
    expect(Object.keys(newest ?? {}).sort()).toEqual(['createdAt', 'current', 'id', 'lastSeenAt', 'userAgent']);
    // Revoked sessions leave the list.
    await call(t.app, 'POST', '/api/auth/logout', long);
    expect((await list(first)).map((s) => s.userAgent)).toEqual(['Phone/1.0', null, 'lightMyRequest']);
  });

  it('signs out one of your sessions (this one too); 404 for another user’s or an unknown one', async () => {
    const mo = await signUp(t.app, 'Mo Many', 'mo@example.com');
    const moLaptop = await logIn(t.app, 'mo@example.com', 'password-123');
    const nia = await signUp(t.app, 'Nia Next', 'nia@example.com');
    const [niaSession] = await list(nia);

    const foreign = await call(t.app, 'DELETE', `/api/auth/sessions/${niaSession?.id}`, mo);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(error('not_found', 'Session not found'));
    expect(await meStatus(t.app, nia.token)).toBe(200);
    const unknown = await call(t.app, 'DELETE', '/api/auth/sessions/0123456789abcdef01234567', mo);
    expect(unknown.statusCode).toBe(404);

    const laptopId = (await list(mo)).find((s) => !s.current)?.id ?? '';
    const gone = await call(t.app, 'DELETE', `/api/auth/sessions/${laptopId}`, mo);
    expect(gone.statusCode).toBe(204);
    expect(await meStatus(t.app, moLaptop.token)).toBe(401);
    expect(await meStatus(t.app, mo.token)).toBe(200);
    // Revoked already: 404, like an unknown id.
    expect((await call(t.app, 'DELETE', `/api/auth/sessions/${laptopId}`, mo)).statusCode).toBe(404);

    const ownId = (await list(mo))[0]?.id ?? '';
    expect((await call(t.app, 'DELETE', `/api/auth/sessions/${ownId}`, mo)).statusCode).toBe(204);
    expect(await meStatus(t.app, mo.token)).toBe(401);
  });

  it('signs out everywhere, the calling session included', async () => {
    const oz = await signUp(t.app, 'Oz Out', 'oz@example.com');
    const other = await logIn(t.app, 'oz@example.com', 'password-123');
    const bystander = await signUp(t.app, 'Pat Bystander', 'pat@example.com');
    const res = await call(t.app, 'POST', '/api/auth/logout-all', oz);
    expect(res.statusCode).toBe(204);
    expect(await meStatus(t.app, oz.token)).toBe(401);
    expect(await meStatus(t.app, other.token)).toBe(401);
    expect(await meStatus(t.app, bystander.token)).toBe(200);
  });

  it.each([
    ['GET', '/api/auth/sessions'],
    ['DELETE', '/api/auth/sessions/0123456789abcdef01234567'],
    ['POST', '/api/auth/logout-all'],
  ] as const)('%s %s without a token: 401', async (method, url) => {
    const res = await callFrom(t.app, '10.2.0.1', method, url);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it(`keeps at most ${MAX_SESSIONS_PER_USER} live sessions: the 11th sign-in ends the least recently seen`, async () => {
    const first = await signUp(t.app, 'Uma Many', 'uma@example.com');
    const later: SignedIn[] = [];
    for (let i = 0; i < 10; i++) later.push(await logIn(t.app, 'uma@example.com', 'password-123'));
    expect(await meStatus(t.app, first.token)).toBe(401);
    for (const s of later) expect(await meStatus(t.app, s.token)).toBe(200);
    expect(await list(later[9] as SignedIn)).toHaveLength(10);
    const live = await t.app.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', first.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(10);
  });

  it('keeps the bound when sign-ins of one user race', async () => {
    const ray = await signUp(t.app, 'Ray Race', 'ray@example.com');
    await Promise.all(Array.from({ length: 14 }, () => t.app.sessions.issueSession(ray.id)));
    const live = await t.app.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', ray.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(MAX_SESSIONS_PER_USER);
  });

  it('the account-prune job deletes revoked, expired and idle sessions and expired tokens, and keeps the rest', async () => {
    const vi = await signUp(t.app, 'Vi Prune', 'vi@example.com');
    const revoked = await logIn(t.app, 'vi@example.com', 'password-123');
    await call(t.app, 'POST', '/api/auth/logout', revoked);
    await logIn(t.app, 'vi@example.com', 'password-123');
    await logIn(t.app, 'vi@example.com', 'password-123');
    const ids = async () =>
      (await t.app.db.selectFrom('sessions').select('id').where('user_id', '=', vi.id).execute()).map((r) => r.id);
    const [viId, revokedId, expiredId, idleId] = await ids();
    const past = (ms: number) => new Date(Date.now() - ms).toISOString();
    await t.app.db
      .updateTable('sessions')
      .set({ expires_at: past(1) })
      .where('id', '=', expiredId ?? '')
      .execute();
    await t.app.db
      .updateTable('sessions')
      .set({ last_seen_at: past(SESSION_IDLE_MS + 1_000) })
      .where('id', '=', idleId ?? '')
      .execute();
    // vi's sign-up token (live, 48 h) plus an expired one and a used, unexpired one.
    const tokenRow = (id: string, expiresAt: string, usedAt: string | null) => ({
      id,
      user_id: vi.id,
      purpose: 'password-reset' as const,
      token_hash: id.padEnd(64, '0'),
      created_at: past(60 * 60_000),
      expires_at: expiresAt,
      used_at: usedAt,
    });
    await t.app.db
      .insertInto('account_tokens')
      .values([
        tokenRow('eeeeeeeeeeeeeeeeeeeeeee1', past(1), null),
        tokenRow('eeeeeeeeeeeeeeeeeeeeeee2', new Date(Date.now() + 60_000).toISOString(), past(1_000)),
      ])
      .execute();

    const job = accountPruneJob(createAccountsService(t.app.db, TEST_SECRET));
    expect(job.name).toBe('account-prune');
    expect(job.everyMs).toBe(60 * 60_000);
    await job.run(new AbortController().signal);

    expect(await ids()).toEqual([viId]);
    expect([revokedId, expiredId, idleId].every(Boolean)).toBe(true);
    expect(await meStatus(t.app, vi.token)).toBe(200);
    const tokens = await t.app.db
      .selectFrom('account_tokens')
      .select(['id', 'purpose'])
      .where('user_id', '=', vi.id)
      .orderBy('purpose')
      .execute();
    expect(tokens.map((r) => r.purpose)).toEqual(['email-verification', 'password-reset']);
    expect(tokens.find((r) => r.purpose === 'password-reset')?.id).toBe('eeeeeeeeeeeeeeeeeeeeeee2');
  });
});
