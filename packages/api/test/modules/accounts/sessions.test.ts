// Token lifetimes with a controlled clock: 7 days absolute, 24 h idle, last_seen_at written at most once a minute.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { findSessionWithUser, revokeSession } from '../../../src/modules/accounts/sessions-repository.js';
import { CheckedSessions, SESSION_RECHECK_MS } from '../../../src/modules/accounts/checked-sessions.js';
import { createUser } from '../../../src/modules/accounts/identity.js';
import { createAccountsService } from '../../../src/modules/accounts/service.js';
import { createSessionService } from '../../../src/modules/accounts/sessions.js';
import { databases } from '../../helpers/databases.js';
import { createTestApp, TEST_SECRET, type TestApp } from '../../helpers/test-app.js';

const HOUR = 3600_000;

describe.each(databases)('sessions on %s', (kind) => {
  let t: TestApp;
  let userId: string;
  let clock = Date.parse('2026-01-01T00:00:00Z');

  beforeAll(async () => {
    t = await createTestApp(kind);
    userId = (await createUser(t.app.db, { email: 'cal@example.com', name: 'Cal', passwordHash: null })).id;
  });
  afterAll(() => t.close());

  // One accounts service for the whole file, as an app has: its memory of checked sessions is shared by the calls.
  let accounts: ReturnType<typeof createAccountsService>;
  beforeAll(() => {
    accounts = createAccountsService(t.app.db, TEST_SECRET, { now: () => clock });
  });
  const service = () => accounts.sessions;

  it('keeps an active session alive up to 7 days, then refuses it', async () => {
    clock = Date.parse('2026-01-01T00:00:00Z');
    const token = await service().issueSession(userId);
    for (let day = 1; day < 7; day++) {
      clock += 23 * HOUR;
      expect((await service().authenticate(token))?.email).toBe('cal@example.com');
    }
    clock = Date.parse('2026-01-08T00:00:00Z');
    expect(await service().authenticate(token)).toBeUndefined();
  });

  it('refuses a session idle for 24 hours', async () => {
    clock = Date.parse('2026-02-01T00:00:00Z');
    const token = await service().issueSession(userId);
    clock += 24 * HOUR - 1;
    expect(await service().authenticate(token)).toBeDefined();
    clock += 24 * HOUR;
    expect(await service().authenticate(token)).toBeUndefined();
  });

  it('writes last_seen_at at most once a minute', async () => {
    clock = Date.parse('2026-03-01T00:00:00Z');
    const token = await service().issueSession(userId);
    const sid = (await service().authenticate(token))?.sessionId ?? '';
    clock += 30_000;
    await service().authenticate(token);
    expect((await findSessionWithUser(t.app.db, sid))?.last_seen_at).toBe('2026-03-01T00:00:00.000Z');
    clock += 31_000;
    await service().authenticate(token);
    expect((await findSessionWithUser(t.app.db, sid))?.last_seen_at).toBe('2026-03-01T00:01:01.000Z');
  });

  it('refuses tokens signed with another key or another algorithm', async () => {
    clock = Date.now();
    const token = await service().issueSession(userId);
    const other = createSessionService(t.app.db, 'another-secret-of-at-least-32-characters!', () => clock);
    expect(await other.authenticate(token)).toBeUndefined();
    const [, payload] = token.split('.');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expect(await service().authenticate(unsigned)).toBeUndefined();
    const hs512 = await new SignJWT(JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()))
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(TEST_SECRET));
    expect(await service().authenticate(hs512)).toBeUndefined();
  });

  it('sees a revocation by another instance within a second, and its own sign-out at once', async () => {
    clock = Date.parse('2026-04-01T00:00:00Z');
    const token = await service().issueSession(userId);
    const sid = (await service().authenticate(token))?.sessionId ?? '';
    // Another instance on the same database revokes the row: this process trusts what it read for up to 1 s.
    await revokeSession(t.app.db, sid, new Date(clock).toISOString());
    clock += SESSION_RECHECK_MS - 1;
    expect((await service().authenticate(token))?.sessionId).toBe(sid);
    clock += 1;
    expect(await service().authenticate(token)).toBeUndefined();

    const mine = await service().issueSession(userId);
    const mineSid = (await service().authenticate(mine))?.sessionId ?? '';
    await service().revoke(mineSid);
    expect(await service().authenticate(mine)).toBeUndefined();
  });

  it('carries a new role and a new name on the very next request', async () => {
    clock = Date.parse('2026-05-01T00:00:00Z');
    const email = 'dee@example.com';
    const dee = await createUser(t.app.db, { email, name: 'Dee', passwordHash: null });
    const token = await service().issueSession(dee.id);
    const before = await service().authenticate(token);
    expect(before?.role).toBe('customer');
    expect(await accounts.makeAdmin(email, null)).toBe(1);
    expect((await service().authenticate(token))?.role).toBe('admin');
    await accounts.updateOwnUser(
      { ...dee, role: 'admin', emailVerified: false, sessionId: before?.sessionId ?? '' },
      email,
      'Dee Renamed',
    );
    expect((await service().authenticate(token))?.name).toBe('Dee Renamed');
  });
});

describe('CheckedSessions', () => {
  const user = {
    id: 'u1',
    email: 'a@example.com',
    name: 'A',
    role: 'customer' as const,
    emailVerified: false,
    sessionId: 's1',
  };
  const entry = { user, expiresAtMs: 10_000, lastSeenAtMs: 0, checkedAtMs: 1_000 };

  it('keeps an entry for exactly SESSION_RECHECK_MS', () => {
    const cache = new CheckedSessions();
    cache.remember(cache.begin(), entry);
    expect(cache.fresh('s1', 1_000)).toEqual(entry);
    expect(cache.fresh('s1', 1_000 + SESSION_RECHECK_MS - 1)).toEqual(entry);
    expect(cache.fresh('s1', 1_000 + SESSION_RECHECK_MS)).toBeUndefined();
    expect(cache.fresh('s1', 999)).toBeUndefined();
  });

  it('does not store a lookup that started before a forget', () => {
    const cache = new CheckedSessions();
    const generation = cache.begin();
    cache.forget();
    cache.remember(generation, entry);
    expect(cache.fresh('s1', 1_000)).toBeUndefined();
    cache.remember(cache.begin(), entry);
    expect(cache.fresh('s1', 1_000)).toEqual(entry);
  });
});
