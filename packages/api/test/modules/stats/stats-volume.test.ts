// The admin stats at a year of orders (B2B §8): 100,000 orders with 133,334 lines seeded in batches of INSERTs, and
// GET /api/admin/stats for the whole of 2025 answering the exact figures in time on either database, through a
// listening server, the receivables of its 12,500 on-account orders among them (#47); on SQLite /api/health, asked
// again and again while the stats run, keeps answering quickly (the figures are read off the event loop). The plans
// use migration 021's indexes (checked with EXPLAIN below).
import { adminStatsSchema } from '@kestrel/shared';
import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditedQuery,
  receivablesQueries,
  revenueQuery,
  statusQuery,
  topProductsQuery,
} from '../../../src/modules/stats/repository.js';
import { databases } from '../../helpers/databases.js';
import {
  ADMIN,
  addProduct,
  createTestApp,
  logIn,
  signUp,
  type SignedIn,
  type TestApp,
} from '../../helpers/test-app.js';
import { VOLUME_ORDERS, VOLUME_PRODUCTS, expectedVolume, priceCents, seedVolume } from './volume-data.js';

const YEAR = { from: '2025-01-01', to: '2025-12-31' };
/** The day the on-account orders not overdue are due (the receivables' `asOf`). */
const today = new Date().toISOString().slice(0, 10);

async function timed(url: string, admin: SignedIn) {
  const began = performance.now();
  const res = await fetch(url, { headers: admin.auth });
  const body: unknown = await res.json();
  return { status: res.status, body, ms: performance.now() - began };
}

describe.each(databases)('admin stats at %s orders', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let origin: string;
  const productIds: string[] = [];
  const names: string[] = [];

  beforeAll(async () => {
    // A budget above the assertion: on a test machine shared by several suites a read may be slow without being stuck.
    t = await createTestApp(kind, { SEARCH_BUDGET_MS: '10000' });
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    const buyer = await signUp(t.app, 'Volume Buyer', 'volume@example.com');
    for (let k = 0; k < VOLUME_PRODUCTS; k++) {
      const name = `Volume Part ${String(k).padStart(2, '0')}`;
      // Products 0-4 hold 5-9 units against a minimum of 5: below twice it, so low stock; the others 100 or more.
      const availableQuantity = k < 5 ? 5 + k : 100 + k * 10;
      productIds.push(
        await addProduct(t.app, admin, {
          name,
          sku: `VOL-${k}`,
          price: priceCents(k) / 100,
          quantity: 5,
          availableQuantity,
        }),
      );
      names.push(name);
    }
    const began = performance.now();
    await seedVolume(t.app, kind === 'sqlite', buyer.id, today);
    console.log(`${kind}: seeded in ${Math.round(performance.now() - began)} ms`);
    if (kind === 'sqlite') await sql`ANALYZE`.execute(t.app.db);
    else await sql`VACUUM ANALYZE`.execute(t.app.db);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 300_000);
  afterAll(() => t.close());

  it(`answers the exact figures of a year of ${VOLUME_ORDERS.toLocaleString('en')} orders within the budget`, async () => {
    const url = `${origin}/api/admin/stats?from=${YEAR.from}&to=${YEAR.to}`;
    await timed(url, admin); // the SQLite reader process starts on the first read
    let health: number[] = [];
    let running = true;
    const checks = (async () => {
      while (running) {
        const began = performance.now();
        const res = await fetch(`${origin}/api/health`);
        expect(res.status).toBe(200);
        health.push(performance.now() - began);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const answers: Array<Awaited<ReturnType<typeof timed>>> = [];
    for (let i = 0; i < 3; i++) answers.push(await timed(url, admin));
    running = false;
    await checks;
    const times = answers.map((a) => Math.round(a.ms));
    console.log(JSON.stringify(answers.map((a) => (a.status === 200 ? a.status : a.body))));
    console.log(`${kind}: stats for a year of ${VOLUME_ORDERS} orders in ${times.join(', ')} ms`);
    for (const answer of answers) expect(answer.status).toBe(200);
    // 1 s is the bench's budget on a quiet machine (bench/src/stats-bench.ts); the test machine runs several suites at
    // once (load averages of 20 on 2 cores were seen), so the test holds the best of three to 5 s.
    expect(Math.min(...times), times.join(', ')).toBeLessThan(5000);

    const stats = adminStatsSchema.parse(answers[0]!.body);
    const expected = expectedVolume(YEAR.from, YEAR.to, names, productIds, today);
    expect(stats.revenue).toHaveLength(365);
    expect(stats.revenue).toEqual(expected.revenue);
    expect(stats.ordersByStatus).toEqual(expected.ordersByStatus);
    expect(stats.topProducts).toEqual(expected.topProducts);
    // 12,500 on-account orders of three companies, 6,250 of them overdue (#47).
    expect(stats.receivables).toEqual(expected.receivables);
    expect([stats.receivables.open.orders, stats.receivables.overdue.orders]).toEqual([12_500, 6_250]);
    expect(stats.lowStock.map((p) => p.availableQuantity)).toEqual([5, 6, 7, 8, 9]);
    expect(stats.lowStock[0]).toEqual({ productId: productIds[0], name: names[0], availableQuantity: 5, quantity: 5 });

    if (kind === 'sqlite') {
      health = health.sort((a, b) => a - b);
      console.log(`sqlite: /api/health meanwhile ${health.length} answers, max ${Math.round(health.at(-1)!)} ms`);
      expect(health.length).toBeGreaterThan(0);
      expect(health[Math.floor(health.length / 2)], health.join(', ')).toBeLessThan(100);
      expect(health.at(-1), health.join(', ')).toBeLessThan(500);
    }
  }, 60_000);

  it('reads a month of figures from the indexes of migration 021', async () => {
    const range = { from: '2025-06-01T00:00:00.000Z', before: '2025-07-01T00:00:00.000Z' };
    const explain = async (query: CompiledQuery) => {
      const prefix = kind === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
      const { rows } = await t.app.db.executeQuery(CompiledQuery.raw(prefix + query.sql, [...query.parameters]));
      return rows.map((r) => Object.values(r as object).join(' ')).join('\n');
    };
    const plans = [
      await explain(revenueQuery(t.app.database, range)),
      await explain(statusQuery(t.app.database, range)),
      await explain(topProductsQuery(t.app.database, range, 10)),
    ];
    console.log(`${kind} plans:\n${plans.join('\n---\n')}`);
    expect(plans[0]).toMatch(/orders_paid_kept/);
    expect(plans[1]).toMatch(/orders_created_status/);
    expect(plans[2]).toMatch(/orders_paid_kept/);
    // SQLite probes each order's lines in order_lines_stats; PostgreSQL may rather hash-join a scan of order_lines
    // (133,334 rows), which it costs below 4,000 probes at this size: the planner's choice either way.
    if (kind === 'sqlite') expect(plans[2]).toMatch(/COVERING INDEX order_lines_stats/);
    for (const plan of plans) expect(plan).not.toMatch(/SCAN orders\b|Seq Scan on orders/);
    // What credit notes gave back starts from credit_notes and reads each note's order by its key (B2B §14).
    const creditedPlan = await explain(creditedQuery(t.app.database, range));
    console.log(`${kind} credited plan:\n${creditedPlan}`);
    expect(creditedPlan).not.toMatch(/SCAN orders\b|Seq Scan on orders/);
    // The receivables (#47) read the companies' orders alone, through migration 020's (023's partial) company index.
    const owed = receivablesQueries(t.app.database, today);
    const owedPlans = [await explain(owed.open), await explain(owed.overdue)];
    console.log(`${kind} receivables plans:\n${owedPlans.join('\n---\n')}`);
    for (const plan of owedPlans) expect(plan).toMatch(/orders_company_created/);
  });
});
