// The administrator's API keys (B2B §9) on both databases: shown once and kept only as a SHA-256, listed without the
// key, the last use recorded at most once a minute, revoked at once on this instance and, on PostgreSQL, within a
// second on another instance over the same database.
import { createHash } from 'node:crypto';
import type { ApiKey } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { databases } from '../helpers/databases.js';
import {
  ADMIN,
  call,
  createTestApp,
  logIn,
  signUp,
  testConfig,
  type SignedIn,
  type TestApp,
} from '../helpers/test-app.js';
import { createKey } from './key-fixtures.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(databases)('API keys on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let alice: SignedIn;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    alice = await signUp(t.app, 'Alice Buyer', 'alice@example.com');
  });
  afterAll(() => t.close());

  it('answers the key once, keeps only its SHA-256, and never lists it', async () => {
    const before = Date.now();
    const created = await createKey(t.app, admin, '  ERP  ', ['orders:read', 'orders:write']);
    expect(created.key).toMatch(/^kc_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'ERP', scopes: ['orders:read', 'orders:write'] });
    const rows = await t.app.db.selectFrom('api_keys').selectAll().where('id', '=', created._id).execute();
    expect(rows).toEqual([
      {
        id: created._id,
        name: 'ERP',
        scopes: '["orders:read","orders:write"]',
        key_hash: createHash('sha256').update(created.key).digest('hex'),
        created_at: expect.any(String),
        created_by: admin.id,
        last_used_at: null,
        revoked_at: null,
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(created.key.slice(3));
    const createdAt = Date.parse(rows[0]?.created_at ?? '');
    expect(createdAt).toBeGreaterThanOrEqual(before);
    expect(createdAt).toBeLessThanOrEqual(Date.now());

    const list = await call(t.app, 'GET', '/api/admin/api-keys', admin);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      {
        _id: created._id,
        name: 'ERP',
        scopes: ['orders:read', 'orders:write'],
        createdAt: rows[0]?.created_at,
        lastUsedAt: null,
      },
    ]);
    expect(list.body).not.toContain(created.key.slice(3));
  });

  it('records the last use, at most once a minute', async () => {
    const { _id, caller } = await createKey(t.app, admin, 'Warehouse', ['orders:read']);
    const before = new Date().toISOString();
    expect((await call(t.app, 'GET', '/api/order', caller)).statusCode).toBe(200);
    const after = new Date().toISOString();
    const listed = async () =>
      (await call(t.app, 'GET', '/api/admin/api-keys', admin)).json<ApiKey[]>().find((k) => k._id === _id)?.lastUsedAt;
    const first = await listed();
    expect(first && first >= before && first <= after).toBe(true);
    await sleep(1_100);
    // Read again from its row (over a second later) and used again: within the minute, nothing is written.
    expect((await call(t.app, 'GET', '/api/order', caller)).statusCode).toBe(200);
    expect(await listed()).toBe(first);
  });

  it('revokes a key at once on this instance; 404 for an unknown or revoked key', async () => {
    const { _id, caller } = await createKey(t.app, admin, 'Accounting', ['orders:read']);
    expect((await call(t.app, 'GET', '/api/order', caller)).statusCode).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/admin/api-keys/${_id}`, admin)).statusCode).toBe(204);
    expect((await call(t.app, 'GET', '/api/order', caller)).statusCode).toBe(401);
    const again = await call(t.app, 'DELETE', `/api/admin/api-keys/${_id}`, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: { code: 'not_found', message: 'API key not found' } });
    const ids = (await call(t.app, 'GET', '/api/admin/api-keys', admin)).json<ApiKey[]>().map((k) => k._id);
    expect(ids).not.toContain(_id);
  });

  it('refuses bad input (400) and non-administrators (401, 403), creating nothing', async () => {
    const count = async () => (await t.app.db.selectFrom('api_keys').select('id').execute()).length;
    const before = await count();
    const cases: Array<[unknown, string]> = [
      [{ name: '', scopes: ['orders:read'] }, 'name is required'],
      [{ name: 'x'.repeat(101), scopes: ['orders:read'] }, 'name must be at most 100 characters'],
      [{ name: 'ERP', scopes: [] }, 'choose at least one scope'],
      [{ name: 'ERP', scopes: ['users:write'] }, 'each scope must be one of orders:read, orders:write, catalog:write'],
      [{ name: 'ERP', scopes: ['orders:read', 'orders:read'] }, 'a scope may be named once'],
      [{ name: 'ERP', scopes: 'orders:read' }, 'scopes must be a list'],
    ];
    for (const [body, message] of cases) {
      const res = await call(t.app, 'POST', '/api/admin/api-keys', admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(
      (await call(t.app, 'POST', '/api/admin/api-keys', alice, { name: 'Mine', scopes: ['orders:read'] })).statusCode,
    ).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/api-keys', alice)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/api-keys')).statusCode).toBe(401);
    expect((await call(t.app, 'DELETE', '/api/admin/api-keys/not-an-id', admin)).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });
});

describe('API key revocation across two instances over one PostgreSQL', () => {
  let one: TestApp;
  let two: TestApp['app'];

  beforeAll(async () => {
    one = await createTestApp('postgres');
    two = await buildApp(testConfig(one.db));
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  it('the other instance refuses a revoked key within a second', async () => {
    const admin = await logIn(one.app, ADMIN.email, ADMIN.password);
    const { _id, caller } = await createKey(one.app, admin, 'ERP', ['orders:read']);
    // Both instances have read the key and remember it.
    expect((await call(one.app, 'GET', '/api/order', caller)).statusCode).toBe(200);
    expect((await call(two, 'GET', '/api/order', caller)).statusCode).toBe(200);
    expect((await call(one.app, 'DELETE', `/api/admin/api-keys/${_id}`, admin)).statusCode).toBe(204);
    const revokedAt = Date.now();
    expect((await call(one.app, 'GET', '/api/order', caller)).statusCode).toBe(401);
    let refusedAfter = Infinity;
    while (Date.now() - revokedAt < 2_000) {
      if ((await call(two, 'GET', '/api/order', caller)).statusCode === 401) {
        refusedAfter = Date.now() - revokedAt;
        break;
      }
      await sleep(20);
    }
    expect(refusedAfter).toBeLessThanOrEqual(1_000);
    // ... and stays refused.
    expect((await call(two, 'GET', '/api/order', caller)).statusCode).toBe(401);
  });
});
