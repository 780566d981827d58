// POST /api/orders on both databases (B2B §2-§3): exact totals with price breaks and packs, all lines or none with
// every bad line named, opposite line orders racing without deadlock or oversell, and the open-order limit.
import { orderingMessages, orderRangeMessage } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../../helpers/databases.js';
import { addProduct, call, signUp, type SignedIn, type TestApp } from '../../../helpers/test-app.js';
import { buildWorld } from '../../../helpers/world.js';
import { clientSecretFor, confirm, intentIdOf } from '../../payments/payment-fixtures.js';

const where = { phone: '+1 555 0100', address: '1 Dock Road' };

describe.each(databases)('orders of several lines on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let ann: SignedIn;
  let memory: string;
  let fan: string;
  let cpu: string;

  beforeAll(async () => {
    ({
      t,
      admin,
      people: { ann },
      products: { memory, fan, cpu },
    } = await buildWorld(kind, {
      people: { ann: ['Ann Buyer', 'ann@example.com'] },
      products: {
        memory: {
          name: 'DDR5 32 GB',
          sku: 'KC-MEM-32',
          price: 90,
          quantity: 100,
          packSize: 20,
          availableQuantity: 100_000,
          priceBreaks: [
            { minQuantity: 500, price: 85 },
            { minQuantity: 1000, price: 80 },
          ],
        },
        fan: {
          name: 'Fan',
          sku: 'KC-FAN',
          price: 6.25,
          quantity: 100,
          packSize: 50,
          availableQuantity: 100_000,
        },
        cpu: {
          name: 'CPU',
          sku: 'KC-CPU',
          price: 189.99,
          quantity: 10,
          maxQuantity: 500,
          availableQuantity: 100_000,
        },
      },
    }));
  });
  afterAll(() => t.close());

  const stock = async (id: string) => (await call(t.app, 'GET', `/api/service/${id}`)).json().availableQuantity;
  const place = (
    lines: Array<{ productId: string; quantity: number }>,
    extra: Record<string, unknown> = {},
    who = ann,
  ) => call(t.app, 'POST', '/api/orders', who, { lines, ...where, ...extra });

  it('prices each line at the break that applies and answers the whole order', async () => {
    const res = await place(
      [
        { productId: memory, quantity: 520 },
        { productId: fan, quantity: 150 },
        { productId: cpu, quantity: 12 },
      ],
      { poNumber: 'PO-2026-0042', note: 'Dock 4, mornings only' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { order } = res.json();
    expect(order).toMatchObject({
      itemName: 'DDR5 32 GB + 2 more',
      productId: memory,
      quantity: 682,
      inputQuantity: 682,
      price: 44200 + 937.5 + 2279.88,
      poNumber: 'PO-2026-0042',
      note: 'Dock 4, mornings only',
      status: 'pending',
      paid: false,
      paymentTerms: 'card',
      email: 'ann@example.com',
      lines: [
        { productId: memory, sku: 'KC-MEM-32', name: 'DDR5 32 GB', quantity: 520, unitPrice: 85, lineTotal: 44200 },
        { productId: fan, sku: 'KC-FAN', name: 'Fan', quantity: 150, unitPrice: 6.25, lineTotal: 937.5 },
        { productId: cpu, sku: 'KC-CPU', name: 'CPU', quantity: 12, unitPrice: 189.99, lineTotal: 2279.88 },
      ],
    });
    expect(order.price).toBe(47417.38);
    expect([await stock(memory), await stock(fan), await stock(cpu)]).toEqual([
      100_000 - 520,
      100_000 - 150,
      100_000 - 12,
    ]);
    const mine = (await call(t.app, 'GET', '/api/orders?email=ann@example.com', ann)).json();
    expect(mine.find((o: { _id: string }) => o._id === order._id)).toEqual(order);
    const all = (await call(t.app, 'GET', '/api/order', admin)).json();
    expect(all.find((o: { _id: string }) => o._id === order._id)).toEqual(order);
  });

  it('takes all lines or none, naming every bad line', async () => {
    const before = [await stock(memory), await stock(fan), await stock(cpu)];
    const res = await place([
      { productId: memory, quantity: 1000 },
      { productId: fan, quantity: 120 },
      { productId: '0123456789abcdef01234567', quantity: 5 },
      { productId: cpu, quantity: 600 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'order_lines_invalid',
      message: orderingMessages.linesInvalid,
      lines: [
        { index: 1, productId: fan, message: 'order in packs of 50' },
        { index: 2, productId: '0123456789abcdef01234567', message: 'product not found' },
        { index: 3, productId: cpu, message: orderRangeMessage(10, 500) },
      ],
    });
    expect([await stock(memory), await stock(fan), await stock(cpu)]).toEqual(before);
  });

  it('refuses a malformed order with 400 and changes nothing', async () => {
    const cases: Array<[unknown, string]> = [
      [{ lines: [], ...where }, 'an order needs at least one line'],
      [
        { lines: Array.from({ length: 101 }, () => ({ productId: memory, quantity: 100 })), ...where },
        'at most 100 lines',
      ],
      [
        {
          lines: [
            { productId: memory, quantity: 100 },
            { productId: memory, quantity: 200 },
          ],
          ...where,
        },
        'one line per product',
      ],
      [{ lines: [{ productId: memory, quantity: 1.5 }], ...where }, 'quantity must be a whole number'],
      [
        { lines: [{ productId: memory, quantity: 100 }], ...where, poNumber: 'P'.repeat(36) },
        orderingMessages.poNumberInvalid,
      ],
      [
        { lines: [{ productId: memory, quantity: 100 }], ...where, poNumber: 'PO\u0007' },
        orderingMessages.poNumberInvalid,
      ],
      [
        { lines: [{ productId: memory, quantity: 100 }], ...where, note: 'n'.repeat(501) },
        'note must be at most 500 characters',
      ],
      [{ lines: [{ productId: memory, quantity: 100 }], address: 'a' }, 'phone is Required'],
    ];
    const before = await stock(memory);
    for (const [body, message] of cases) {
      const res = await call(t.app, 'POST', '/api/orders', ann, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(await stock(memory)).toBe(before);
    expect((await call(t.app, 'POST', '/api/orders', undefined, cases[0]?.[0])).statusCode).toBe(401);
  });

  it('never deadlocks, answers 5xx or oversells when orders of opposite line orders race', async () => {
    const a = await addProduct(t.app, admin, { name: 'A', quantity: 10, availableQuantity: 400 });
    const b = await addProduct(t.app, admin, { name: 'B', quantity: 10, availableQuantity: 400 });
    const buyers = await Promise.all([signUp(t.app, 'R1', 'r1@example.com'), signUp(t.app, 'R2', 'r2@example.com')]);
    const runs = Array.from({ length: 40 }, (_, i) =>
      place(
        i % 2 === 0
          ? [
              { productId: a, quantity: 20 },
              { productId: b, quantity: 10 },
            ]
          : [
              { productId: b, quantity: 20 },
              { productId: a, quantity: 10 },
            ],
        {},
        buyers[i % 2],
      ),
    );
    const answers = await Promise.all(runs);
    const statuses = answers.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 201 || s === 400),
      JSON.stringify(statuses),
    ).toBe(true);
    const placed = answers.filter((r) => r.statusCode === 201).map((r) => r.json().order);
    const taken = (id: string) =>
      placed
        .flatMap((o: { lines: Array<{ productId: string; quantity: number }> }) => o.lines)
        .filter((l: { productId: string }) => l.productId === id)
        .reduce((s: number, l: { quantity: number }) => s + l.quantity, 0);
    expect(await stock(a)).toBe(400 - taken(a));
    expect(await stock(b)).toBe(400 - taken(b));
    expect(await stock(a)).toBeGreaterThanOrEqual(0);
    expect(placed.length).toBeGreaterThan(10);
  });

  it('orders on the terms of the latest edit, whatever an earlier order saw', async () => {
    // The one-line order decides from terms it remembers (placing/postgres-write-repository.ts); each edit must reach it.
    const part = await addProduct(t.app, admin, { price: 10, quantity: 10, availableQuantity: 50 });
    const one = (inputQuantity: number) =>
      call(t.app, 'POST', '/api/order', ann, { productId: part, inputQuantity, ...where });
    expect((await one(10)).json().order.price).toBe(100);
    const edit = (body: Record<string, unknown>) => call(t.app, 'PATCH', `/api/service/${part}`, admin, body);
    expect((await edit({ price: 12, quantity: 20 })).statusCode).toBe(200);
    const belowNewMinimum = await one(10);
    expect(belowNewMinimum.statusCode).toBe(400);
    expect(belowNewMinimum.json().error.message).toBe(orderRangeMessage(20, 40));
    expect((await one(20)).json().order.price).toBe(240);
    // Stock added after the terms were last read: an order beyond the old stock is accepted.
    expect((await edit({ stockAdjustment: 1000 })).statusCode).toBe(200);
    expect((await one(500)).json().order.price).toBe(6000);
    // Stock taken by orders moves no updated_at: the statement itself refuses, and the answer names today's range.
    const overStock = await one(600);
    expect(overStock.statusCode).toBe(400);
    expect(overStock.json().error.message).toBe(orderRangeMessage(20, 520));
    expect(await stock(part)).toBe(520);
    expect((await call(t.app, 'DELETE', `/api/service/${part}`, admin)).statusCode).toBe(200);
    expect((await one(20)).statusCode).toBe(404);
  });

  it('orders several lines on the terms of the latest edit, naming the lines the edit broke', async () => {
    // Orders of several lines decide from remembered terms too (placing/postgres-write-repository.ts); each edit must reach them.
    const p1 = await addProduct(t.app, admin, { price: 10, quantity: 10, availableQuantity: 100 });
    const p2 = await addProduct(t.app, admin, { price: 5, quantity: 10, availableQuantity: 100 });
    const two = (q1: number, q2: number) =>
      place([
        { productId: p1, quantity: q1 },
        { productId: p2, quantity: q2 },
      ]);
    expect((await two(10, 10)).json().order.price).toBe(150);
    const edit = (id: string, body: Record<string, unknown>) => call(t.app, 'PATCH', `/api/service/${id}`, admin, body);
    expect((await edit(p2, { price: 6, quantity: 20 })).statusCode).toBe(200);
    const refused = await two(10, 10);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.lines).toEqual([{ index: 1, productId: p2, message: orderRangeMessage(20, 90) }]);
    expect((await two(10, 20)).json().order.price).toBe(220);
    // More than the stock left (80 of p1 after two orders): the statement refuses, the answer names today's range.
    const overStock = await two(90, 20);
    expect(overStock.statusCode).toBe(400);
    expect(overStock.json().error.lines).toEqual([{ index: 0, productId: p1, message: orderRangeMessage(10, 80) }]);
    expect([await stock(p1), await stock(p2)]).toEqual([80, 70]);
    expect((await call(t.app, 'DELETE', `/api/service/${p1}`, admin)).statusCode).toBe(200);
    const gone = await two(10, 20);
    expect(gone.statusCode).toBe(400);
    expect(gone.json().error.lines).toEqual([{ index: 0, productId: p1, message: 'product not found' }]);
    expect(await stock(p2)).toBe(70);
  });

  it('keeps SPEC POST /api/order as a one-line order', async () => {
    const res = await call(t.app, 'POST', '/api/order', ann, { productId: fan, inputQuantity: 100, ...where });
    expect(res.statusCode).toBe(201);
    expect(res.json().order).toMatchObject({
      itemName: 'Fan',
      quantity: 100,
      price: 625,
      lines: [{ productId: fan, sku: 'KC-FAN', name: 'Fan', quantity: 100, unitPrice: 6.25, lineTotal: 625 }],
    });
  });
});

describe.each(databases)('the open-order limit on %s', (kind) => {
  let t: TestApp;
  let ann: SignedIn;
  let part: string;

  beforeAll(async () => {
    ({
      t,
      people: { ann },
      products: { part },
    } = await buildWorld(kind, {
      env: { MAX_OPEN_ORDERS: '3' },
      people: { ann: ['Ann', 'ann@example.com'] },
      products: { part: { quantity: 10, availableQuantity: 100_000 } },
    }));
  });
  afterAll(() => t.close());

  const single = () => call(t.app, 'POST', '/api/order', ann, { productId: part, inputQuantity: 10, ...where });
  const multi = () => call(t.app, 'POST', '/api/orders', ann, { lines: [{ productId: part, quantity: 10 }], ...where });

  it('refuses one unpaid order more than MAX_OPEN_ORDERS, and frees a place when one is paid or deleted', async () => {
    const first = await single();
    const second = await multi();
    await single();
    for (const res of [await single(), await multi()]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'too_many_unpaid_orders', message: 'too many unpaid orders' });
    }
    expect((await call(t.app, 'DELETE', `/api/order/${first.json().insertedId}`, ann)).statusCode).toBe(200);
    const again = await multi();
    expect(again.statusCode).toBe(201);
    const secret = await clientSecretFor(t.app, ann, second.json().insertedId);
    expect((await confirm(t.app, secret)).statusCode).toBe(200);
    const paid = await call(t.app, 'PATCH', `/api/orders/${second.json().insertedId}`, ann, {
      transactionId: intentIdOf(secret),
    });
    expect(paid.json()).toMatchObject({ paid: true, status: 'confirmed' });
    expect(paid.json().statusHistory.map((s: { status: string }) => s.status)).toEqual(['pending', 'confirmed']);
    expect((await single()).statusCode).toBe(201);
    expect((await single()).statusCode).toBe(409);
  });
});
