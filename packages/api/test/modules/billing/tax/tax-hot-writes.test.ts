// B2B §12 and §13 on the hot order writes, on both databases: an order with a ship-to and a tax is written by the
// same statements as one without (PostgreSQL: one line alone, a batch of simultaneous orders, several lines, and the
// locked transaction after an edit made the remembered terms stale), and every one of them records the ship-to copy,
// the tax, the total with tax and the lines without it, in exact cents, with the stock taken exactly.
import type { Order } from '@kestrel/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databases } from '../../../helpers/databases.js';
import { call, signUp, type SignedIn, type TestApp } from '../../../helpers/test-app.js';
import { buildWorld } from '../../../helpers/world.js';

const NEW_YORK = { line1: '1 Broadway', city: 'New York', postalCode: '10004', region: 'NY', country: 'US' };
const DENVER = { line1: '1 Main St', city: 'Denver', postalCode: '80202', region: 'CO', country: 'US' };
const where = { phone: '+1 555 0100', address: 'x' };

describe.each(databases)('taxed orders with a ship-to on the hot writes (%s)', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let bolt: string;
  let nut: string;
  beforeEach(async () => {
    ({
      t,
      admin,
      products: { bolt, nut },
    } = await buildWorld(kind, {
      env: { MAX_OPEN_ORDERS: '1000' },
      products: {
        bolt: {
          name: 'Bolt',
          sku: 'KC-B-1',
          price: 2.35,
          quantity: 10,
          availableQuantity: 1000,
        },
        nut: {
          name: 'Nut',
          sku: 'KC-N-1',
          price: 10,
          quantity: 10,
          availableQuantity: 1000,
        },
      },
    }));
    const rates = await call(t.app, 'PUT', '/api/admin/tax-rates', admin, {
      rates: [
        { country: 'US', rate: 5, name: 'Sales tax' },
        { country: 'US', region: 'NY', rate: 8.875, name: 'NY sales tax' },
      ],
    });
    expect(rates.statusCode, rates.body).toBe(200);
  });
  afterEach(async () => t.close());

  const rowOf = async (id: string) => {
    const order = await t.app.db
      .selectFrom('orders')
      .select(['total_cents', 'tax_cents', 'tax_rate_milli', 'tax_name', 'tax_country', 'ship_to_city'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const lines = await t.app.db
      .selectFrom('order_lines')
      .select('line_total_cents')
      .where('order_id', '=', id)
      .orderBy('line_no')
      .execute();
    return {
      total: Number(order.total_cents),
      tax: Number(order.tax_cents),
      rateMilli: Number(order.tax_rate_milli),
      name: order.tax_name,
      country: order.tax_country,
      city: order.ship_to_city,
      lines: lines.map((l) => Number(l.line_total_cents)),
    };
  };
  const stockOf = async (id: string) =>
    Number(
      (
        await t.app.db
          .selectFrom('products')
          .select('available_quantity')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).available_quantity,
    );
  const place = async (who: SignedIn, lines: Array<{ productId: string; quantity: number }>, address: object) => {
    const res = await call(t.app, 'POST', '/api/orders', who, { lines, ...where, shipTo: { address } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ order: Order }>().order;
  };

  it('records one line alone and twelve simultaneous orders with their ship-to and tax', async () => {
    const first = await signUp(t.app, 'Ada Alone', 'ada@example.com');
    // 10 × $2.35 = 2,350 cents; 8.875% is 208.5625: 209.
    const alone = await place(first, [{ productId: bolt, quantity: 10 }], NEW_YORK);
    const expected = {
      total: 2559,
      tax: 209,
      rateMilli: 8875,
      name: 'NY sales tax',
      country: 'US',
      city: 'New York',
      lines: [2350],
    };
    expect(await rowOf(alone._id)).toEqual(expected);
    expect([alone.subtotal, alone.taxTotal, alone.price]).toEqual([23.5, 2.09, 25.59]);

    const buyers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signUp(t.app, `Buyer ${i}`, `buyer${i}@example.com`)),
    );
    const orders = await Promise.all(buyers.map((b) => place(b, [{ productId: bolt, quantity: 10 }], NEW_YORK)));
    for (const o of orders) expect(await rowOf(o._id)).toEqual(expected);
    expect(await stockOf(bolt)).toBe(1000 - 130);
  });

  it('records several lines, and after an edit the locked write records the new price with its tax', async () => {
    const buyer = await signUp(t.app, 'Sam Several', 'sam@example.com');
    // 10 × $2.35 + 10 × $10.00 = 12,350 cents; Colorado takes the US row, 5%: 617.5, half up 618.
    const lines = [
      { productId: bolt, quantity: 10 },
      { productId: nut, quantity: 10 },
    ];
    const several = await place(buyer, lines, DENVER);
    expect(await rowOf(several._id)).toEqual({
      total: 12968,
      tax: 618,
      rateMilli: 5000,
      name: 'Sales tax',
      country: 'US',
      city: 'Denver',
      lines: [2350, 10000],
    });
    // The price changes after the terms were remembered: the order is decided again on the product as it is.
    expect((await call(t.app, 'PATCH', `/api/service/${nut}`, admin, { price: 9.99 })).statusCode).toBe(200);
    const edited = await place(buyer, lines, NEW_YORK);
    // 2,350 + 9,990 = 12,340 cents; 8.875% is 1,095.175: 1,095.
    expect(await rowOf(edited._id)).toEqual({
      total: 13435,
      tax: 1095,
      rateMilli: 8875,
      name: 'NY sales tax',
      country: 'US',
      city: 'New York',
      lines: [2350, 9990],
    });
    expect([await stockOf(bolt), await stockOf(nut)]).toEqual([980, 980]);
  });
});
