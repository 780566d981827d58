// GET /api/admin/stats (B2B §8) on both databases: exact figures of orders placed and paid through the API (their
// payment and creation instants then set in the database, the test's clock), days in UTC, refunded orders left out,
// the 400s of a bad range, and who may ask.
import { adminStatsSchema, API_KEY_SCOPES, type AdminStats } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { addProduct, call } from '../../helpers/test-app.js';
import { topProducts } from '../../../src/modules/stats/repository.js';
import { arrange, createWorld, payByCard, placeOrder, type World } from '../orders/lifecycle/lifecycle-fixtures.js';

const zeroStatuses = {
  pending: 0,
  awaiting_approval: 0,
  confirmed: 0,
  shipped: 0,
  partially_shipped: 0,
  delivered: 0,
  cancelled: 0,
  expired: 0,
  rejected: 0,
};

describe.each(databases)('admin stats on %s', (kind) => {
  let w: World;
  let screw: string;
  let fan: string;

  const stats = async (query: string) => {
    const res = await call(w.app, 'GET', `/api/admin/stats${query}`, w.admin);
    expect(res.statusCode, res.body).toBe(200);
    return adminStatsSchema.parse(res.json()) satisfies AdminStats;
  };

  /** One line of `quantity` of a product, ordered by Alice, paid by card, then dated `at` in the database. */
  const placePaid = async (productId: string, quantity: number, at: { created_at: string; paid_at: string }) => {
    const placed = await call(w.app, 'POST', '/api/orders', w.alice, {
      lines: [{ productId, quantity }],
      phone: '555-0100',
      address: '1 Dock Rd',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId: string = placed.json().order._id;
    await payByCard(w, orderId);
    await arrange(w, orderId, at);
  };

  beforeAll(async () => {
    // The figures' reads get more than the 800 ms default: the first starts the SQLite reader process, slow on a test
    // machine shared by several suites (the budget itself is the volume test's and the catalogue search's subject).
    w = await createWorld(kind, { SEARCH_BUDGET_MS: '10000' });
    // $0.07 a screw: 103 of them are $7.21, a sum a float of dollars would get wrong, whole cents do not.
    screw = await addProduct(w.app, w.admin, {
      name: 'Kestrel Screw',
      price: 0.07,
      quantity: 100,
      availableQuantity: 1000,
    });
    // 150 in stock against a minimum of 100: below twice it. 200 against 100 is not.
    fan = await addProduct(w.app, w.admin, {
      name: 'Kestrel Low Fan',
      price: 9,
      quantity: 100,
      availableQuantity: 150,
    });
    await addProduct(w.app, w.admin, { name: 'Kestrel Edge Fan', price: 9, quantity: 100, availableQuantity: 200 });

    // A and B: $1,700 each (200 GPU brackets at $2.50, 300 PSU cables at $4.00), paid a second apart across midnight.
    const a = await placeOrder(w);
    await payByCard(w, a._id);
    await arrange(w, a._id, { created_at: '2026-03-10T10:00:00.000Z', paid_at: '2026-03-10T23:59:59.000Z' });
    const b = await placeOrder(w);
    await payByCard(w, b._id);
    await arrange(w, b._id, { created_at: '2026-03-10T20:00:00.000Z', paid_at: '2026-03-11T00:00:00.000Z' });
    // C: one line, 103 screws, $7.21.
    await placePaid(screw, 103, { created_at: '2026-03-11T09:00:00.000Z', paid_at: '2026-03-11T12:00:00.000Z' });
    // D: paid, then cancelled by an administrator (refunded): it leaves the money figures.
    const d = await placeOrder(w);
    await payByCard(w, d._id);
    const cancel = await call(w.app, 'POST', `/api/orders/${d._id}/cancel`, w.admin, { reason: 'Out of stock' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await arrange(w, d._id, { created_at: '2026-03-11T10:00:00.000Z', paid_at: '2026-03-11T13:00:00.000Z' });
    // E: placed, never paid.
    const e = await placeOrder(w);
    await arrange(w, e._id, { created_at: '2026-03-11T23:59:59.999Z' });
    // The SQLite reader process starts on the first read; on a loaded machine that can outlast a read's budget, so the
    // tests begin once it answers (as the catalogue's hostile-search test does).
    w.app.database.reader?.warm();
    for (let i = 0; i < 120; i++) {
      if ((await call(w.app, 'GET', '/api/admin/stats', w.admin)).statusCode === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, 180_000);
  afterAll(() => w.t.close());

  it('counts paid orders by their UTC day of payment, every day present, cents exact', async () => {
    const s = await stats('?from=2026-03-09&to=2026-03-12');
    expect(s.revenue).toEqual([
      { day: '2026-03-09', total: 0 },
      { day: '2026-03-10', total: 1700 },
      { day: '2026-03-11', total: 1707.21 },
      { day: '2026-03-12', total: 0 },
    ]);
    expect(s.ordersByStatus).toEqual({ ...zeroStatuses, confirmed: 3, cancelled: 1, pending: 1 });
    expect(s.topProducts).toEqual([
      { productId: w.psu, name: 'Kestrel PSU Cable', units: 600, revenue: 2400 },
      { productId: w.gpu, name: 'Kestrel GPU Bracket', units: 400, revenue: 1000 },
      { productId: screw, name: 'Kestrel Screw', units: 103, revenue: 7.21 },
    ]);
  });

  it("takes what a partial credit gave back off the day its order was paid (B2B §14's cancelled rest)", async () => {
    const o = await placeOrder(w);
    await payByCard(w, o._id);
    const shipped = await call(w.app, 'POST', `/api/orders/${o._id}/shipments`, w.admin, {
      lines: [
        { productId: w.gpu, quantity: 50 },
        { productId: w.psu, quantity: 300 },
      ],
      carrier: 'DHL',
      trackingNumber: 'JD-S1',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    // The 150 brackets not shipped: $375.00 back of $1,700.
    const cancelled = await call(w.app, 'POST', `/api/orders/${o._id}/cancel`, w.admin, {});
    expect([cancelled.statusCode, cancelled.json().status]).toEqual([200, 'shipped']);
    await arrange(w, o._id, { created_at: '2026-05-05T10:00:00.000Z', paid_at: '2026-05-05T11:00:00.000Z' });
    const s = await stats('?from=2026-05-05&to=2026-05-06');
    expect(s.revenue).toEqual([
      { day: '2026-05-05', total: 1325 },
      { day: '2026-05-06', total: 0 },
    ]);
    expect(s.taxTotal).toBe(0);
  });

  it('takes both days whole: one day holds only what was paid (or created) on it', async () => {
    const s = await stats('?from=2026-03-11&to=2026-03-11');
    expect(s.revenue).toEqual([{ day: '2026-03-11', total: 1707.21 }]);
    // Created on the 11th: C (confirmed), D (cancelled), E (pending, at 23:59:59.999).
    expect(s.ordersByStatus).toEqual({ ...zeroStatuses, confirmed: 1, cancelled: 1, pending: 1 });
    expect(s.topProducts).toEqual([
      { productId: w.psu, name: 'Kestrel PSU Cable', units: 300, revenue: 1200 },
      { productId: w.gpu, name: 'Kestrel GPU Bracket', units: 200, revenue: 500 },
      { productId: screw, name: 'Kestrel Screw', units: 103, revenue: 7.21 },
    ]);
    const before = await stats('?from=2026-03-10&to=2026-03-10');
    expect(before.revenue).toEqual([{ day: '2026-03-10', total: 1700 }]);
    expect(before.topProducts.map((p) => p.units)).toEqual([300, 200]);
  });

  it('orders products tied on units and revenue by name in code-point order, a deleted one among them', async () => {
    // Three products sold 100 units for $100.00 each on 2026-04-01; the one named "Alpha Cable" is deleted afterwards.
    const names = ['beta fan', 'Gamma Fan', 'Alpha Cable'];
    const ids: string[] = [];
    for (const name of names) {
      const id = await addProduct(w.app, w.admin, { name, price: 1, quantity: 100, availableQuantity: 1000 });
      ids.push(id);
      await placePaid(id, 100, { created_at: '2026-04-01T09:00:00.000Z', paid_at: '2026-04-01T10:00:00.000Z' });
    }
    const deleted = await call(w.app, 'DELETE', `/api/service/${ids[2]}`, w.admin);
    expect(deleted.statusCode, deleted.body).toBe(200);
    // "A" < "G" < "b" by code point, on both databases (PostgreSQL's en_US collation would put "beta fan" first and
    // the deleted product, whose current name is missing, last).
    const expected = [
      { productId: null, name: 'Alpha Cable', units: 100, revenue: 100 },
      { productId: ids[1], name: 'Gamma Fan', units: 100, revenue: 100 },
      { productId: ids[0], name: 'beta fan', units: 100, revenue: 100 },
    ];
    expect((await stats('?from=2026-04-01&to=2026-04-01')).topProducts).toEqual(expected);
    // A cut within the tie keeps the first by name, not whichever the database met first.
    const range = { from: '2026-04-01T00:00:00.000Z', before: '2026-04-02T00:00:00.000Z' };
    const cut = await topProducts(w.app.database, range, 2, 10_000);
    expect(cut.map((row) => row.name)).toEqual(['Alpha Cable', 'Gamma Fan']);
  });

  it('lists products whose stock is below twice their minimum', async () => {
    const s = await stats('?from=2026-03-11&to=2026-03-11');
    expect(s.lowStock).toEqual([{ productId: fan, name: 'Kestrel Low Fan', availableQuantity: 150, quantity: 100 }]);
  });

  it('answers the last 30 days, today (UTC) included, without from and to', async () => {
    const s = await stats('');
    const today = new Date().toISOString().slice(0, 10);
    expect(s.revenue).toHaveLength(30);
    expect(s.revenue.at(-1)?.day).toBe(today);
    expect(s.revenue[0]?.day).toBe(new Date(Date.parse(today) - 29 * 86_400_000).toISOString().slice(0, 10));
    const onlyTo = await stats('?to=2026-03-11');
    expect(onlyTo.revenue[0]?.day).toBe('2026-02-10');
    expect(onlyTo.revenue.at(-1)).toEqual({ day: '2026-03-11', total: 1707.21 });
    // 366 days is the longest range.
    expect((await stats('?from=2025-03-11&to=2026-03-11')).revenue).toHaveLength(366);
  });

  it('answers the first and last days a range may name, and starts a default range no earlier than the first', async () => {
    expect((await stats('?from=2000-01-01&to=2000-01-01')).revenue).toEqual([{ day: '2000-01-01', total: 0 }]);
    expect((await stats('?from=2099-12-31&to=2099-12-31')).revenue).toEqual([{ day: '2099-12-31', total: 0 }]);
    const early = await stats('?to=2000-01-10');
    expect(early.revenue.map((r) => r.day)).toEqual(
      Array.from({ length: 10 }, (_, i) => `2000-01-${String(i + 1).padStart(2, '0')}`),
    );
  });

  it.each([
    ['?from=2026-02-30&to=2026-03-01', 'That date does not exist'],
    ['?from=11-03-2026', 'Dates must look like 2026-03-31'],
    ['?from=2026-03-12&to=2026-03-11', '"from" must not be after "to"'],
    ['?from=2025-03-10&to=2026-03-11', 'The range may be at most 366 days; this one is 367'],
    ['?from=2099-12-31', '"from" must not be after "to"'],
    // Days outside 2000-01-01..2099-12-31 (#47: to=0000-01-01 answered day labels like "-000001-12").
    ['?to=0000-01-01', '"to" must be a day from 2000-01-01 to 2099-12-31'],
    ['?from=1999-12-31&to=2000-01-05', '"from" must be a day from 2000-01-01 to 2099-12-31'],
    ['?from=2099-12-31&to=2100-01-01', '"to" must be a day from 2000-01-01 to 2099-12-31'],
    ['?from=9999-12-31', '"from" must be a day from 2000-01-01 to 2099-12-31'],
  ])('answers 400 with a clear message to %s', async (query, message) => {
    const res = await call(w.app, 'GET', `/api/admin/stats${query}`, w.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation_error', message } });
  });

  it('answers administrators only: customers 403, anonymous 401, API keys 403', async () => {
    expect((await call(w.app, 'GET', '/api/admin/stats', w.alice)).statusCode).toBe(403);
    const anonymous = await call(w.app, 'GET', '/api/admin/stats');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('unauthorized');
    const created = await call(w.app, 'POST', '/api/admin/api-keys', w.admin, {
      name: 'ERP',
      scopes: [...API_KEY_SCOPES],
    });
    expect(created.statusCode).toBe(201);
    const keyed = await w.app.inject({
      method: 'GET',
      url: '/api/admin/stats',
      headers: { authorization: `Bearer ${created.json().key}` },
    });
    expect(keyed.statusCode).toBe(403);
    expect(keyed.json()).toEqual({ error: { code: 'forbidden', message: 'API keys may not make this call' } });
  });
});
