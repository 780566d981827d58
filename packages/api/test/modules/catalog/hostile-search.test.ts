// Issue #24 (critical): at 100,000 products one search (`q=a`, `q=1 1 1 1 1 1 1 1`, ...) held the SQLite shop for
// 87 s to for ever, /api/health included. Every hostile search now answers within 1 s (200, or 503 search_timeout
// once SEARCH_BUDGET_MS has passed), and /api/health asked meanwhile answers within 100 ms on SQLite, through a real
// listening server (app.inject would share the event loop the same way). The catalogue is seeded once per database by
// one INSERT ... SELECT.
import { sql } from 'kysely';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { databases, type DatabaseKind } from '../../helpers/databases.js';
import { createTestApp, testConfig, type TestApp } from '../../helpers/test-app.js';

const PRODUCTS = 100_000;

// Product i: a three-syllable word (unique below 343,000), a number, one of 8 kinds; every description holds "a", "1",
// "x", "GbE", "GB", so the one-character and two-letter searches below match the whole catalogue.
const syllable = (n: string) => `substr('bdfgklmnprstvz', ${n} % 14 + 1, 1) || substr('aeiou', (${n} / 14) % 5 + 1, 1)`;
const word = `${syllable('i')} || ${syllable('(i / 70)')} || ${syllable('(i / 4900)')}`;
const kind = `trim(substr('CPU GPU MB  MEM SSD PSU COOLNIC ', (i % 8) * 4 + 1, 4))`;
const columns = `id, name, price_cents, img, min_quantity, available_quantity, description, created_at, sku, category,
  pack_size, max_quantity, price_breaks, updated_at`;
const values = (id: string) => `${id}, ${word} || ' ' || (i % 1000) || ' ' || ${kind} || ' Part', 1000 + i % 5000,
  '/x.png', 1, 1000, 'A ' || ${kind} || ' with ' || (i % 16) || ' x 1 GbE ports, ' || (i % 64) || ' GB cache and a '
  || ${syllable('(i / 3)')} || ' finish.', '2020-01-01T00:00:00.000Z', 'KC-' || ${kind} || '-' || (100000 + i),
  'Kind ' || ${kind}, 1, NULL, '[]', '2020-01-01T00:00:00.000Z'`;

async function seed(t: TestApp, kindOfDb: DatabaseKind) {
  const statement =
    kindOfDb === 'sqlite'
      ? `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${PRODUCTS - 1})
         INSERT INTO products (${columns}) SELECT ${values(`printf('%012x%012x', 1577836800000 + i, i)`)} FROM n`
      : `INSERT INTO products (${columns}) SELECT ${values(
          `lpad(to_hex(1577836800000 + i), 12, '0') || lpad(to_hex(i), 12, '0')`,
        )} FROM generate_series(0, ${PRODUCTS - 1}) AS g(i)`;
  await sql.raw(statement).execute(t.app.db);
  if (kindOfDb === 'postgres') await sql`VACUUM ANALYZE products`.execute(t.app.db);
}

const HOSTILE = [
  'a',
  '1 1 1 1 1 1 1 1',
  'c p m s d f g h',
  'ca pr me st da fa ga ha',
  'gb x 1 a',
  'kc',
  Array.from({ length: 24 }, (_, i) => `w${i}`).join(' '),
  'x'.repeat(200),
  Array.from({ length: 66 }, () => 'ab').join(' '),
  '" * NEAR( OR AND NOT - ^ : ( )',
  'NEAR(a b) OR c* AND -d ^e f:g',
  '"a" OR "1" OR "gb"',
  'a* 1* g*',
];

const answerSchema = z.object({
  total: z.number().optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});

interface Timed {
  status: number;
  body: z.infer<typeof answerSchema>;
  ms: number;
}

async function timedGet(url: string): Promise<Timed> {
  const began = performance.now();
  const res = await fetch(url);
  const body = answerSchema.parse(await res.json());
  return { status: res.status, body, ms: performance.now() - began };
}

/** The search, and /api/health asked one after another for as long as the search runs. */
async function searchBesideHealth(origin: string, q: string) {
  let searching = true;
  const health: Timed[] = [];
  const checks = (async () => {
    while (searching) {
      health.push(await timedGet(`${origin}/api/health`));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 5));
  const search = await timedGet(`${origin}/api/catalog?q=${encodeURIComponent(q)}`);
  searching = false;
  await checks;
  return { search, health };
}

/** After a stopped search the reader starts again: wait for an ordinary search to answer. */
async function searchesAgain(origin: string) {
  for (let i = 0; i < 100; i++) {
    if ((await timedGet(`${origin}/api/catalog?q=KC-CPU-100000`)).status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the search never came back');
}

describe.each(databases)('hostile searches at 100,000 products on %s', (kindOfDb) => {
  let t: TestApp;
  let origin: string;
  // SQLite: the median within 100 ms and none past 500 ms, under the 800 ms search budget (the test machine is shared
  // by several suites; before the fix health waited for the whole search: 87 s to for ever). PostgreSQL never blocked
  // the loop: within 1 s. A stopped search's reader restarts through tsx here, a second of CPU, so the budget test
  // holds health to the maximum only.
  const healthLimit = kindOfDb === 'sqlite' ? { median: 100, max: 500 } : { median: 1000, max: 1000 };
  const healthWithin = (health: Timed[], { median = true } = {}) => {
    const times = health.map((h) => h.ms).sort((a, b) => a - b);
    if (median) expect(times[Math.floor(times.length / 2)], times.join(', ')).toBeLessThan(healthLimit.median);
    expect(times.at(-1), times.join(', ')).toBeLessThan(healthLimit.max);
  };

  beforeAll(async () => {
    // 600 ms rather than the default 800: the same bound, with room for a test machine shared by several suites.
    t = await createTestApp(kindOfDb, { SEARCH_BUDGET_MS: '600' });
    await seed(t, kindOfDb);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await searchesAgain(origin);
  }, 240_000);
  afterAll(() => t.close());

  it('finds exactly what an ordinary search asks for', async () => {
    const sku = await timedGet(`${origin}/api/catalog?q=KC-CPU-100000`);
    expect(sku.body.total).toBe(1);
    // Product 0's word is "bababa"; "babab" also starts product 68,600's "bababe" (its third syllable is number 14).
    const word = await timedGet(`${origin}/api/catalog?q=bababa`);
    expect([word.status, word.body.total]).toEqual([200, 1]);
    const start = await timedGet(`${origin}/api/catalog?q=babab`);
    expect([start.status, start.body.total]).toEqual([200, 2]);
  });

  it.each(HOSTILE)('answers q=%j within 1 s, /api/health meanwhile within the limit', async (q) => {
    const { search, health } = await searchBesideHealth(origin, q);
    // A stopped search's reader is replaced: the next query must not wait for it, whatever this one's outcome.
    if (search.status !== 200) await searchesAgain(origin);
    expect(search.ms, `${search.status} ${JSON.stringify(search.body)}`).toBeLessThan(1000);
    if (search.status === 503) {
      expect(search.body.error?.code).toBe('search_timeout');
      expect(search.body.error?.message).toMatch(/took too long/);
    } else {
      expect(search.status).toBe(200);
    }
    expect(health.length).toBeGreaterThan(0);
    expect(health.every((h) => h.status === 200)).toBe(true);
    healthWithin(health);
  });

  it('counts exactly when a search matches the whole catalogue', async () => {
    // Every description holds the words "a" and "1": a one-character word matches whole words only.
    const res = await timedGet(`${origin}/api/catalog?q=${encodeURIComponent('a 1 1')}`);
    if (res.status !== 200) await searchesAgain(origin);
    if (res.status === 200) expect(res.body.total).toBe(PRODUCTS);
    else expect(res.body.error?.code).toBe('search_timeout');
  });

  it('stops a search past SEARCH_BUDGET_MS with 503 search_timeout, and searches again afterwards', async () => {
    const tight = await buildApp(testConfig(t.db, { SEARCH_BUDGET_MS: '40' }));
    try {
      const tightOrigin = await tight.listen({ port: 0, host: '127.0.0.1' });
      await searchesAgain(tightOrigin);
      const { search, health } = await searchBesideHealth(tightOrigin, 'gb cache');
      expect(search.status).toBe(503);
      expect(search.body.error).toEqual({
        code: 'search_timeout',
        message: 'This search took too long and was stopped. Try longer or fewer words, or the start of a SKU.',
      });
      expect(search.ms).toBeLessThan(1000);
      healthWithin(health, { median: false });
      await searchesAgain(tightOrigin);
    } finally {
      await tight.close();
    }
  });
});
