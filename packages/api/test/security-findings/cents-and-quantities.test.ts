// #24, cart quantities and exact cents, on SQLite and PostgreSQL. The cart had no quantity bound (quick order added up
// to 31,000,000,003 of one SKU, its line total off by float error), and a 100-line order within the limits passed 2^53
// cents and came out a cent off. Now a cart line holds at most MAX_QUANTITY (400 past it, also for adds that race), an
// order total at most MAX_ORDER_TOTAL_CENTS (400 past it), and every total is summed in whole cents: a 100-line order
// near the bound, whose dollars summed as floats would be off, answers its exact total, as do its cart and invoice.
import { execFileSync } from 'node:child_process';
import { MAX_ORDER_TOTAL_CENTS, MAX_QUANTITY, orderingMessages } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProductRow } from '../../src/modules/catalog/product-row.js';
import { payOrder } from '../modules/documents/document-fixtures.js';
import { databases } from '../helpers/databases.js';
import { call, createTestApp, signUp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const LINES = 100;
/** $999,999.99 less a cent per line: odd cents everywhere. */
const unitCents = (i: number) => 99_999_999 - i;

describe.each(databases)('cart quantities and exact cents on %s', (kind) => {
  let t: TestApp;
  let ann: SignedIn;
  let ids: string[];
  let skus: string[];
  const stockOf = async () =>
    (await t.app.db.selectFrom('products').select('available_quantity').orderBy('id').execute()).map(
      (r) => r.available_quantity,
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    ann = await signUp(t.app, 'Ann', 'ann@example.com');
    const now = Date.now();
    const rows = Array.from({ length: LINES }, (_, i) =>
      newProductRow(
        {
          name: `Part ${i}`,
          price: unitCents(i) / 100,
          description: 'A part.',
          img: '/x.png',
          quantity: 1,
          availableQuantity: MAX_QUANTITY,
          sku: `KC-CENT-${String(i).padStart(3, '0')}`,
        },
        now + i,
      ),
    );
    await t.app.db.insertInto('products').values(rows).execute();
    ids = rows.map((r) => r.id);
    skus = rows.map((r) => r.sku);
  });
  afterAll(() => t.close());

  it('keeps a cart line at most MAX_QUANTITY: quick order, repeated adds, adds that race', async () => {
    const add = (quantity: unknown, sku = skus[0]) =>
      call(t.app, 'POST', '/api/cart/lines', ann, { lines: [{ sku, quantity }] });
    const one = await add(MAX_QUANTITY);
    expect(one.statusCode).toBe(200);
    const more = await add(1);
    expect([more.statusCode, more.json()]).toEqual([
      400,
      { error: { code: 'quantity_too_large', message: orderingMessages.cartLineTooLarge } },
    ]);
    const twice = await call(t.app, 'POST', '/api/cart/lines', ann, {
      lines: [
        { sku: skus[1], quantity: 6_000_000 },
        { sku: skus[1], quantity: 6_000_000 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const huge = await add(31_000_000_003, skus[2]);
    expect(huge.json().rejected).toEqual([{ index: 0, sku: skus[2], message: orderingMessages.quantityTooLarge }]);
    const racing = await Promise.all([add(6_000_000, skus[3]), add(6_000_000, skus[3])]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 400]);

    const cart = (await call(t.app, 'GET', '/api/cart', ann)).json();
    expect(cart.lines.map((l: { sku: string; quantity: number }) => [l.sku, l.quantity])).toEqual([
      [skus[0], MAX_QUANTITY],
      [skus[3], 6_000_000],
    ]);
    expect(cart.lines[0].lineTotal).toBe((unitCents(0) * MAX_QUANTITY) / 100);
    expect((await call(t.app, 'PUT', '/api/cart', ann, { lines: [] })).statusCode).toBe(200);
  });

  it('refuses an order whose total passes the bound, and changes nothing', async () => {
    const before = await stockOf();
    const lines = ids.map((productId, i) => ({ productId, quantity: MAX_QUANTITY - i }));
    const res = await call(t.app, 'POST', '/api/orders', ann, { phone: '555', address: 'Street 1', lines });
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { error: { code: 'order_total_too_large', message: orderingMessages.orderTotalTooLarge } },
    ]);
    expect(await stockOf()).toEqual(before);
    expect(await t.app.db.selectFrom('orders').select('id').execute()).toEqual([]);
  });

  it('answers the exact total of a 100-line order near the bound, and its cart and invoice say the same', async () => {
    // $993,950,498,888.16 in all, which the lines' dollars added as floats put at ...888.1597.
    const lines = ids.map((productId, i) => ({ productId, quantity: 9_990 - i - (i % 3) }));
    const exactCents = lines.reduce((sum, l, i) => sum + BigInt(unitCents(i)) * BigInt(l.quantity), 0n);
    expect(exactCents).toBeLessThanOrEqual(BigInt(MAX_ORDER_TOTAL_CENTS));
    const exactDollars = Number(exactCents) / 100;
    // The lines' dollars added as floats miss it: what a total summed in dollars would answer.
    const floatSum = lines.reduce((sum, l, i) => sum + (unitCents(i) / 100) * l.quantity, 0);
    expect(floatSum).not.toBe(exactDollars);
    expect(exactDollars).toBe(993_950_498_888.16);

    const cart = await call(t.app, 'PUT', '/api/cart', ann, { lines });
    expect(cart.json().total).toBe(exactDollars);
    const placed = await call(t.app, 'POST', '/api/cart/checkout', ann, { phone: '555', address: 'Street 1' });
    expect(placed.statusCode).toBe(201);
    const order = placed.json().order;
    expect(order.price).toBe(exactDollars);
    expect(String(exactDollars)).toBe(`${exactCents / 100n}.${String(exactCents % 100n).padStart(2, '0')}`);
    expect(order.lines).toHaveLength(LINES);
    const stored = await t.app.db
      .selectFrom('orders')
      .select('total_cents')
      .where('id', '=', order._id)
      .executeTakeFirstOrThrow();
    expect(BigInt(stored.total_cents)).toBe(exactCents);
    const read = (await call(t.app, 'GET', `/api/orders/${order._id}`, ann)).json();
    expect(read.price).toBe(exactDollars);

    await payOrder(t.app, ann, order._id);
    const pdf = await t.app.inject({ url: `/api/orders/${order._id}/invoice.pdf`, headers: ann.auth });
    expect(pdf.statusCode).toBe(200);
    const text = execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString('utf8');
    const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(exactDollars);
    // On one line: before #24 an amount this long wrapped in its column ("$993,950,498,8" over "88.16").
    expect(text).toMatch(new RegExp(`Total\\s+${dollars.replace(/[$.]/g, '\\$&')}\\n`));
  });
});
