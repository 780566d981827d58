// The short-lived cache of GET /service and GET /review: this process's writes show at once, another instance's
// within the lifetime, the number of kept answers is bounded, and the answers are the same bytes and headers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { LIST_CACHE_MAX_KEYS, LIST_CACHE_TTL_MS, ListCache } from '../src/infra/http/list-cache.js';
import { createCatalogService } from '../src/modules/catalog/index.js';
import { databases } from './helpers/databases.js';
import {
  ADMIN,
  addProduct,
  call,
  createTestApp,
  logIn,
  signUp,
  testConfig,
  type SignedIn,
  type TestApp,
} from './helpers/test-app.js';

describe('ListCache', () => {
  it('keeps an answer for its lifetime only (injected clock)', async () => {
    let now = 1_000;
    const cache = new ListCache(JSON.stringify, () => now, 1_000, 4);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    expect(await cache.json('a', load)).toBe('{"n":1}');
    now += 999;
    expect(await cache.json('a', load)).toBe('{"n":1}');
    now += 1;
    expect(await cache.json('a', load)).toBe('{"n":2}');
    cache.invalidate();
    expect(await cache.json('a', load)).toBe('{"n":3}');
    expect(loads).toBe(3);
  });

  it('holds at most maxKeys answers, dropping the oldest', async () => {
    const cache = new ListCache(JSON.stringify, () => 0, 1_000, 4);
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f']) await cache.json(key, async () => key);
    expect(cache.size).toBe(4);
    let loaded = false;
    expect(await cache.json('f', async () => ((loaded = true), 'x'))).toBe('"f"');
    expect(loaded).toBe(false);
    expect(await cache.json('a', async () => 'again')).toBe('"again"');
    expect(cache.size).toBe(4);
  });

  it('does not keep what a read fetched while a write invalidated', async () => {
    const cache = new ListCache(JSON.stringify, () => 0, 1_000, 4);
    const stale = cache.json('a', async () => {
      cache.invalidate();
      return 'old';
    });
    expect(await stale).toBe('"old"');
    expect(cache.size).toBe(0);
    expect(await cache.json('a', async () => 'new')).toBe('"new"');
  });
});

describe.each(databases)('list cache on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let ann: SignedIn;
  let ssd: string;

  const list = async (url = '/api/service') => (await call(t.app, 'GET', url)).json();
  const stockOf = async (id: string) =>
    (await list()).find((p: { _id: string }) => p._id === id)?.availableQuantity as number | undefined;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    ann = await signUp(t.app, 'Ann Buyer', 'ann@example.com');
    ssd = await addProduct(t.app, admin, { name: 'NVMe SSD', quantity: 10, availableQuantity: 500 });
  });
  afterAll(() => t.close());

  it('answers the same bytes and headers from the cache as on the first read', async () => {
    const first = await call(t.app, 'GET', '/api/service');
    const second = await call(t.app, 'GET', '/api/service');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
    // Every answer has its own date and request id; the rest is the cached answer's.
    const { date: _d1, 'x-request-id': id1, ...h1 } = first.headers;
    const { date: _d2, 'x-request-id': id2, ...h2 } = second.headers;
    expect(h2).toEqual(h1);
    expect(id2).not.toBe(id1);
    expect(JSON.parse(first.body)).toEqual([expect.objectContaining({ _id: ssd, availableQuantity: 500 })]);
    const reviews = await call(t.app, 'GET', '/api/review');
    expect(reviews.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(reviews.json()).toEqual([]);
  });

  it('shows the stock an order takes at once, and gives it back when the order is deleted', async () => {
    expect(await stockOf(ssd)).toBe(500);
    const placed = await call(t.app, 'POST', '/api/order', ann, {
      productId: ssd,
      inputQuantity: 120,
      phone: '1',
      address: 'a',
    });
    expect(placed.statusCode).toBe(201);
    expect(await stockOf(ssd)).toBe(380);
    const deleted = await call(t.app, 'DELETE', `/api/order/${placed.json().insertedId}`, ann);
    expect(deleted.statusCode).toBe(200);
    expect(await stockOf(ssd)).toBe(500);
  });

  it('shows a created or deleted product and a new review at once, in every cached page', async () => {
    expect((await list('/api/service?sort=newest&limit=1')).map((p: { _id: string }) => p._id)).toEqual([ssd]);
    const fan = await addProduct(t.app, admin, { name: 'Case Fan', quantity: 10, availableQuantity: 70 });
    expect((await list('/api/service?sort=newest&limit=1')).map((p: { _id: string }) => p._id)).toEqual([fan]);
    expect((await list()).map((p: { name: string }) => p.name)).toEqual(['NVMe SSD', 'Case Fan']);
    expect((await call(t.app, 'DELETE', `/api/service/${fan}`, admin)).statusCode).toBe(200);
    expect((await list('/api/service?sort=newest&limit=1')).map((p: { _id: string }) => p._id)).toEqual([ssd]);
    expect((await list()).map((p: { name: string }) => p.name)).toEqual(['NVMe SSD']);

    expect(await list('/api/review')).toEqual([]);
    const res = await call(t.app, 'POST', '/api/review', ann, {
      name: 'Ann',
      rating: 4,
      description: 'Fast delivery.',
    });
    expect(res.statusCode).toBe(201);
    expect(await list('/api/review')).toEqual([
      { _id: res.json().insertedId, name: 'Ann', rating: 4, description: 'Fast delivery.' },
    ]);
  });

  it("keeps at most LIST_CACHE_MAX_KEYS of the catalogue's answers", async () => {
    const lists = new ListCache(JSON.stringify);
    const catalog = createCatalogService({ database: t.app.database, lists });
    for (let offset = 0; offset < LIST_CACHE_MAX_KEYS + 10; offset++)
      await catalog.listProductsJson({ offset, limit: undefined, sort: undefined });
    expect(lists.size).toBe(LIST_CACHE_MAX_KEYS);
  });

  it("shows another instance's write once the entry's lifetime has passed", async () => {
    const other = await buildApp(testConfig(t.db));
    try {
      expect(await stockOf(ssd)).toBe(500);
      const otherAnn = await logIn(other, 'ann@example.com', 'password-123');
      const placed = await call(other, 'POST', '/api/order', otherAnn, {
        productId: ssd,
        inputQuantity: 25,
        phone: '1',
        address: 'a',
      });
      expect(placed.statusCode).toBe(201);
      // This instance did not see the write: its cached answer stands until it expires.
      expect(await stockOf(ssd)).toBe(500);
      await new Promise((resolve) => setTimeout(resolve, LIST_CACHE_TTL_MS + 50));
      expect(await stockOf(ssd)).toBe(475);
    } finally {
      await other.close();
    }
  });
});
