// Token lifetimes with a controlled clock: 7 days absolute, 24 h idle, last_seen_at written at most once a minute.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { findSessionWithUser } from '../src/repositories/sessions.js';
import { createUser } from '../src/services/identity.js';
import { createSessionService } from '../src/services/sessions.js';
import { databases } from './helpers/databases.js';
import { createTestApp, TEST_SECRET, type TestApp } from './helpers/test-app.js';

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

  const service = () => createSessionService(t.app.db, TEST_SECRET, () => clock);

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
});
