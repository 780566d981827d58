// #24: GET /api/service at 100,000 products (35 MB of JSON) is built once per catalogue change and sent as cached
// bytes, gzip or brotli when the client accepts them, with ETag and 304; ten callers at once cost about one build and
// /api/health stays fast over real HTTP meanwhile, and during a big CSV import. On both databases.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { productSchema, PRODUCTS_CSV_HEADER } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSerializer } from '../../../src/infra/http/serialize.js';
import { createCatalogService } from '../../../src/modules/catalog/index.js';
import { databases } from '../../helpers/databases.js';
import { ADMIN, call, createTestApp, logIn, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import { seedBulkProducts } from './bulk-products.js';

const PRODUCTS = 100_000;

/**
 * GETs `url` `count` times at once from another process (as real clients are: reading 10 x 29 MB inside the server's
 * own process would count the client's work as the server's); answers the body sizes.
 */
async function getInChild(url: string, count: number): Promise<number[]> {
  const script = `Promise.all(Array.from({ length: ${count} }, () =>
    fetch(${JSON.stringify(url)}, { headers: { 'accept-encoding': 'identity' } }).then((r) => r.arrayBuffer())
  )).then((bodies) => console.log(JSON.stringify(bodies.map((b) => b.byteLength))));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout);
}

/** Polls GET /api/health over real HTTP every 20 ms while `work` runs; answers the slowest answer's milliseconds. */
async function slowestHealthDuring(origin: string, work: () => Promise<unknown>): Promise<number> {
  let slowest = 0;
  let done = false;
  const poll = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(`${origin}/api/health`);
      await res.text();
      expect(res.status).toBe(200);
      slowest = Math.max(slowest, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    await work();
  } finally {
    done = true;
    await poll;
  }
  return slowest;
}

describe.each(databases)('the full product list at 100,000 products on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let origin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    await seedBulkProducts(t.app, PRODUCTS);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  }, 180_000);
  afterAll(() => t.close());

  it('answers the same bytes as the uncached list, compressed on request, with ETag and 304', async () => {
    const reference = compileSerializer(productSchema.array())(
      await createCatalogService({ database: t.app.database }).listProducts({
        limit: undefined,
        offset: undefined,
        sort: undefined,
      }),
    );
    const plain = await t.app.inject({ method: 'GET', url: '/api/service' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body.length).toBe(reference.length);
    expect(plain.body === reference).toBe(true);
    const etag = plain.headers['etag'];
    expect(etag).toMatch(/^"[\w-]{27}"$/);

    const gz = await t.app.inject({ method: 'GET', url: '/api/service', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString() === reference).toBe(true);
    expect(gz.rawPayload.length).toBeLessThan(reference.length / 5);
    const br = await t.app.inject({
      method: 'GET',
      url: '/api/service',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['etag']).toBe(`"${String(etag).slice(1, -1)}-br"`);
    expect(brotliDecompressSync(br.rawPayload).toString() === reference).toBe(true);

    for (const tag of [etag, br.headers['etag']]) {
      const again = await t.app.inject({
        method: 'GET',
        url: '/api/service',
        headers: { 'if-none-match': String(tag), 'accept-encoding': 'gzip' },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers['etag']).toBe(`"${String(etag).slice(1, -1)}-gzip"`);
    }
  }, 120_000);

  it('serves ten callers at once for about the cost of one build, /api/health staying fast', async () => {
    // A product write drops the cached list: the ten callers below find none.
    const res = await call(
      t.app,
      'PATCH',
      `/api/service/${(await call(t.app, 'GET', '/api/service?limit=1')).json()[0]._id}`,
      admin,
      {
        stockAdjustment: 1,
      },
    );
    expect(res.statusCode).toBe(200);
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed + process.memoryUsage().external;
    let peak = 0;
    const sampler = setInterval(() => {
      const m = process.memoryUsage();
      peak = Math.max(peak, m.heapUsed + m.external - heapBefore);
    }, 10);
    const started = performance.now();
    let sizes: number[] = [];
    const slowest = await slowestHealthDuring(origin, async () => {
      sizes = await getInChild(`${origin}/api/service`, 10);
    });
    const ms = performance.now() - started;
    clearInterval(sampler);
    console.log(
      `${kind}: ten callers ${Math.round(ms)} ms, peak +${Math.round(peak / 1e6)} MB, health max ${Math.round(slowest)} ms`,
    );
    expect(sizes).toHaveLength(10);
    expect(new Set(sizes).size).toBe(1);
    expect(sizes[0]).toBeGreaterThan(25_000_000);
    // Measured on the shared 2-core machine: 5.2-12 s for all ten (one build, then 10 x 29 MB sent), the heap and
    // buffers +57-74 MB at most, the slowest health answer 124-402 ms (a bare node:http server sending the same
    // bytes to ten clients showed 230-250 ms pauses here). Before: ten builds, 1.4 GB, 20 s.
    expect(slowest).toBeLessThan(500);
    expect(ms).toBeLessThan(30_000);
    expect(peak).toBeLessThan(300_000_000);
  }, 120_000);

  it('keeps /api/health fast during an import that changes the stock of 40,000 products', async () => {
    const exported = (await call(t.app, 'GET', '/api/admin/products.csv', admin)).body.split('\r\n');
    const text = [
      PRODUCTS_CSV_HEADER.join(','),
      // The stock set to 90 on each row (a change of every name or description also re-indexes the text search: on SQLite
      // that held the database about 1.3 s here, docs/reliability.md).
      ...exported.slice(1, 40_001).map((line) => line.replace(/^(?<head>(?:[^,]*,){7})\d+,/, '$<head>90,')),
    ].join('\n');
    let answer: { statusCode: number; body: string } | null = null;
    const slowest = await slowestHealthDuring(origin, async () => {
      const res = await fetch(`${origin}/api/admin/products.csv`, {
        method: 'POST',
        headers: { ...admin.auth, 'content-type': 'text/csv' },
        body: text,
      });
      answer = { statusCode: res.status, body: await res.text() };
    });
    console.log(`${kind}: import changing 40,000 stocks, health max ${Math.round(slowest)} ms`);
    expect(answer).toEqual({ statusCode: 200, body: JSON.stringify({ created: 0, updated: 40_000 }) });
    // Measured: PostgreSQL 180-270 ms; SQLite 385-900 ms, most of it the one apply transaction (about 0.5 s for
    // 40,000 rows) during which SQLite's one connection serves nothing else (docs/reliability.md).
    expect(slowest).toBeLessThan(kind === 'sqlite' ? 1_500 : 500);
  }, 120_000);
});
