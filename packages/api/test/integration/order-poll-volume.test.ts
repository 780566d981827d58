// The poll stays fast at volume (B2B §9): each database walks the orders_updated_at_id index from the cursor and stops
// after a page, with no sort and no scan of the table. PostgreSQL holds 1,000,000 orders, SQLite 100,000, each seeded
// in one statement.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changedOrdersQuery } from '../../src/modules/orders/repository.js';
import { ADMIN, call, createTestApp, logIn, type SignedIn, type TestApp } from '../helpers/test-app.js';

const SINCE = '2025-01-06T00:00:00.000Z';
const query = { since: SINCE, after: null, until: '2026-01-01T00:00:00.000Z', status: null, limit: 501 };

describe('the orders poll over 1,000,000 orders on PostgreSQL', () => {
  let t: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    // One order a second from 2025-01-01: SINCE falls near the middle.
    await sql`INSERT INTO orders (id, user_id, item_name, quantity, unit_price_cents, total_cents, email, user_name,
        phone, address, created_at, status, status_history, payment_terms, updated_at, number)
      SELECT lpad(to_hex(g), 24, '0'), ${admin.id}, 'Bulk', 1, 100, 100, 'bulk@example.com', 'Bulk', '1', 'Dock',
        at, 'confirmed', '[]', 'card', at, 'SO-2025-' || lpad(g::text, 7, '0')
      FROM generate_series(1, 1000000) AS g,
        LATERAL (SELECT to_char(timestamp '2025-01-01' + g * interval '1 second',
          'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at) AS t`.execute(t.app.db);
    await sql`ANALYZE orders`.execute(t.app.db);
  }, 300_000);
  afterAll(() => t.close());

  it('reads a page on the index: no sequential scan, no sort', async () => {
    const compiled = changedOrdersQuery(t.app.db, query).compile();
    const plan = await t.app.db.executeQuery<{ 'QUERY PLAN': string }>({
      ...compiled,
      sql: `EXPLAIN ${compiled.sql}`,
    });
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index Scan using orders_updated_at_id on orders/);
    expect(text).not.toMatch(/Seq Scan|Sort/);
  });

  it('answers a page of 500 in well under a second', async () => {
    const started = performance.now();
    const res = await call(t.app, 'GET', `/api/order?updatedSince=${SINCE}&limit=500`, admin);
    const took = performance.now() - started;
    expect(res.statusCode).toBe(200);
    const ids = res.json<Array<{ _id: string }>>().map((o) => o._id);
    // 2025-01-06T00:00:00 is order 432,000: the page starts after it.
    expect(ids[0]).toBe((432_001).toString(16).padStart(24, '0'));
    expect(ids).toHaveLength(500);
    expect(took).toBeLessThan(500);
  });
});

describe('the orders poll over 100,000 orders on SQLite', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    const admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    await sql`WITH RECURSIVE g(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM g WHERE n < 100000)
      INSERT INTO orders (id, user_id, item_name, quantity, unit_price_cents, total_cents, email, user_name, phone,
        address, created_at, status, status_history, payment_terms, updated_at, number)
      SELECT printf('%024x', n), ${admin.id}, 'Bulk', 1, 100, 100, 'bulk@example.com', 'Bulk', '1', 'Dock',
        strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || (n * 5) || ' seconds'),
        'confirmed', '[]', 'card', strftime('%Y-%m-%dT%H:%M:%fZ', '2025-01-01', '+' || (n * 5) || ' seconds'),
        printf('SO-2025-%07d', n)
      FROM g`.execute(t.app.db);
    await sql`ANALYZE`.execute(t.app.db);
  }, 120_000);
  afterAll(() => t.close());

  it('reads a page on the index, without a sort', async () => {
    const compiled = changedOrdersQuery(t.app.db, query).compile();
    const plan = await t.app.db.executeQuery<{ detail: string }>({
      ...compiled,
      sql: `EXPLAIN QUERY PLAN ${compiled.sql}`,
    });
    const details = plan.rows.map((r) => r.detail).join('\n');
    expect(details).toMatch(/SEARCH orders USING INDEX orders_updated_at_id \(updated_at>\? AND updated_at<\?\)/);
    expect(details).not.toMatch(/TEMP B-TREE|SCAN orders/);
  });
});
