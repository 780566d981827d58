// SPEC's full order list at a year of orders (issue 47), on SQLite and PostgreSQL: 100,000 orders with 133,334 lines
// (the stats volume data, seeded in batches of INSERT ... SELECT) answered by GET /api/order through a listening
// server, the client reading the body as it comes and keeping none of it. Built whole, 90,684 orders lifted the
// server to 861 MiB; streamed, the process's RSS grows at most RSS_GROWTH_MIB over what it was before the call, and
// /api/health, asked again and again meanwhile, keeps answering (on SQLite each page's reads run on the event loop).
import http from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { VOLUME_ORDERS, VOLUME_PRODUCTS, priceCents, seedVolume } from '../stats/volume-data.js';

const MiB = 1024 * 1024;
/**
 * Issue 47's bound (+50 MiB at 100,000 orders) is the server process's, held by the bench, which runs the server alone
 * (bench/src/order-list-bench.ts: +15 MiB on SQLite, +35 MiB on PostgreSQL). This test process's heap also holds vitest
 * and the seeding, and V8 lets garbage pile up before a full collection (after one the heap is back where it began):
 * SQLite reached +57 MiB here while the rest of the suite ran beside it, PostgreSQL's driver +90-137 MiB. So the test
 * holds each to well under the 861 MiB the list built whole took (+810 MiB in this test), which the old code cannot
 * pass, and leaves the budget to the bench.
 */
const RSS_GROWTH_MIB = { sqlite: 100, postgres: 170 } as const;

describe.each(databases)('GET /api/order at %s orders', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    const buyer = await signUp(t.app, 'Volume Buyer', 'volume@example.com');
    for (let k = 0; k < VOLUME_PRODUCTS; k++) {
      await addProduct(t.app, admin, {
        name: `Volume Part ${k}`,
        sku: `VOL-${k}`,
        price: priceCents(k) / 100,
        quantity: 1,
        availableQuantity: 1000,
      });
    }
    await seedVolume(t.app, kind === 'sqlite', buyer.id, new Date().toISOString().slice(0, 10));
    if (kind === 'sqlite') await sql`ANALYZE`.execute(t.app.db);
    else await sql`VACUUM ANALYZE`.execute(t.app.db);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 300_000);
  afterAll(() => t.close());

  it(`streams ${VOLUME_ORDERS.toLocaleString('en')} orders with RSS growth of at most ${RSS_GROWTH_MIB[kind]} MiB`, async () => {
    // The client keeps nothing of the body (bytes counted, each order's opening found in the raw bytes), so what the
    // process grows by is the server's answer.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string, headers: Record<string, string>, onData: (chunk: Buffer) => void) =>
      new Promise<{ status: number; type: string }>((resolve, reject) => {
        http
          .get(`${origin}${path}`, { headers, agent: path === '/api/health' ? agent : undefined }, (res) => {
            res.on('data', onData);
            res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']) }));
            res.on('error', reject);
          })
          .on('error', reject);
      });
    // /api/health asked again and again meanwhile: each page's reads must leave it answering.
    const health: number[] = [];
    let running = true;
    const checks = (async () => {
      while (running) {
        const asked = performance.now();
        const { status } = await get('/api/health', {}, () => undefined);
        expect(status).toBe(200);
        health.push(performance.now() - asked);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const began = performance.now();
    let bytes = 0;
    let ids = 0;
    let head = Buffer.alloc(0);
    let tail = Buffer.alloc(0);
    const opening = Buffer.from('{"_id":"');
    let answer: { status: number; type: string };
    try {
      answer = await get('/api/order', admin.auth, (chunk) => {
        bytes += chunk.length;
        if (head.length < 64) head = Buffer.concat([head, chunk.subarray(0, 64)]);
        // An opening split between two chunks is found in the joint (the last 7 bytes before, the first 7 after).
        const joint = Buffer.concat([tail.subarray(-7), chunk.subarray(0, 7)]);
        if (joint.includes(opening)) ids += 1;
        for (let at = chunk.indexOf(opening); at >= 0; at = chunk.indexOf(opening, at + 1)) ids += 1;
        tail = Buffer.from(Buffer.concat([tail, chunk]).subarray(-64));
      });
    } finally {
      clearInterval(sampler);
      running = false;
      await checks;
      agent.destroy();
    }
    const ms = Math.round(performance.now() - began);
    const growth = (peak - before) / MiB;
    health.sort((a, b) => a - b);
    const medianHealth = health[Math.floor(health.length / 2)] ?? Infinity;
    console.log(
      `${kind}: GET /api/order, ${VOLUME_ORDERS} orders, ${(bytes / MiB).toFixed(1)} MiB in ${ms} ms; ` +
        `RSS ${(before / MiB).toFixed(0)} -> peak ${(peak / MiB).toFixed(0)} MiB (+${growth.toFixed(1)}); ` +
        `/api/health meanwhile ${health.length} answers, median ${medianHealth.toFixed(0)} ms, ` +
        `max ${(health.at(-1) ?? 0).toFixed(0)} ms`,
    );
    expect(answer).toEqual({ status: 200, type: 'application/json; charset=utf-8' });
    expect(head.subarray(0, 34).toString()).toBe('[{"_id":"vol000000000000000000000"');
    expect(tail.subarray(-2).toString()).toBe('}]');
    expect(ids).toBe(VOLUME_ORDERS);
    expect(growth).toBeLessThanOrEqual(RSS_GROWTH_MIB[kind]);
    // The bench holds the time to its budget on a quiet machine (bench/src/order-list-bench.ts); the test machine runs
    // several suites at once, so the test only keeps it from running away.
    expect(ms).toBeLessThan(60_000);
    // As the stats volume test holds it: the median, since a test machine shared by several suites stalls at times.
    expect(health.length).toBeGreaterThan(0);
    expect(medianHealth, health.join(', ')).toBeLessThan(100);
  }, 120_000);
});
