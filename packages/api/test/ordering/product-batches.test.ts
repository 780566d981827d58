// PostgreSQL's group commit of one product's one-line orders (modules/orders/product-batches.ts): orders that arrive
// while one is in flight go to the database as one all-or-nothing statement, and each still gets its own answer.
// Real HTTP, so the orders arrive at once as a buyer's would.
import type pg from 'pg';
import { orderSchema, productSchema } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, addProduct, createTestApp, logIn, signUp, type SignedIn, type TestApp } from '../helpers/test-app.js';

describe('one product ordered by many at once, on PostgreSQL', () => {
  let t: TestApp;
  let base: string;
  let admin: SignedIn;
  let buyers: SignedIn[];
  /** What each batch statement answered: 1 when it placed its orders, 0 when it wrote nothing. */
  const batches: number[] = [];

  beforeAll(async () => {
    t = await createTestApp('postgres', { MAX_OPEN_ORDERS: '12' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    buyers = [];
    for (const name of ['Ada', 'Ben', 'Cleo', 'Dev']) buyers.push(await signUp(t.app, name, `${name}@example.com`));
    // Watch the batch statement on the pool the order write uses.
    const pool = t.app.database.pg;
    if (!pool) throw new Error('not PostgreSQL');
    const query = pool.query.bind(pool) as (config: pg.QueryConfig) => Promise<pg.QueryResult>;
    pool.query = (async (config: pg.QueryConfig) => {
      const result = await query(config);
      if (config.name === 'kestrel-place-product-batch') batches.push(Number(result.rows[0]?.placed));
      return result;
    }) as typeof pool.query;
  });
  afterAll(() => t.close());

  const order = (buyer: SignedIn | undefined, productId: string, quantity: number) =>
    fetch(`${base}/api/order`, {
      method: 'POST',
      headers: { ...buyer?.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ productId, inputQuantity: quantity, phone: '1', address: 'a' }),
    });
  const stockOf = async (productId: string) =>
    productSchema.parse(await (await fetch(`${base}/api/service/${productId}`)).json()).availableQuantity;
  const openOrders = async () =>
    (await t.app.db.selectFrom('users').select(['email', 'open_orders']).orderBy('email').execute())
      .filter((u) => u.email !== ADMIN.email)
      .map((u) => u.open_orders);

  it('places 40 orders of 4 buyers in batches: every order, line, count and message exact', async () => {
    const productId = await addProduct(t.app, admin, { price: 1.25, quantity: 3, availableQuantity: 1000 });
    batches.length = 0;
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => order(buyers[i % 4], productId, 3)));
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(201));
    // At least one batch placed its orders (the first order goes alone while the rest gather).
    expect(batches.filter((placed) => placed === 1).length).toBeGreaterThan(0);
    expect(batches.filter((placed) => placed === 0)).toEqual([]);

    expect(await stockOf(productId)).toBe(1000 - 40 * 3);
    expect(await openOrders()).toEqual([10, 10, 10, 10]);
    const orders = orderSchema
      .array()
      .parse(await (await fetch(`${base}/api/order`, { headers: admin.auth })).json())
      .filter((o) => o.productId === productId);
    expect(orders).toHaveLength(40);
    expect(new Set(orders.map((o) => o.number)).size).toBe(40);
    expect(orders.map((o) => [o.quantity, o.price])).toEqual(Array(40).fill([3, 3.75]));
    const ids = orders.map((o) => o._id);
    // Each row as the order's own statement writes it: the buyer's fields, pending, its history, its expiry.
    const rows = await t.app.db.selectFrom('orders').selectAll().where('id', 'in', ids).execute();
    const emails = rows.map((r) => r.email).sort();
    expect(emails).toEqual(buyers.flatMap((b) => Array<string>(10).fill(b.email)).sort());
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'pending', payment_terms: 'card', company_id: null, quantity: 3 });
      expect(row.updated_at).toBe(row.created_at);
      expect(JSON.parse(row.status_history)).toEqual([{ status: 'pending', at: row.created_at }]);
      expect(row.expires_at && row.expires_at > row.created_at).toBe(true);
      expect(row.user_name).toBe(buyers.find((b) => b.email === row.email)?.name);
    }
    const lines = await t.app.db.selectFrom('order_lines').selectAll().where('order_id', 'in', ids).execute();
    expect(lines).toHaveLength(40);
    expect(
      new Set(lines.map((l) => `${l.product_id} ${l.quantity} ${l.unit_price_cents} ${l.line_total_cents}`)),
    ).toEqual(new Set([`${productId} 3 125 375`]));
    const mails = await t.app.db
      .selectFrom('mail_outbox')
      .select('dedupe_key')
      .where(
        'dedupe_key',
        'in',
        ids.map((id) => `order-placed:${id}`),
      )
      .execute();
    expect(mails).toHaveLength(40);
  });

  it('refuses the batch as a whole when a buyer would pass the limit, then judges each order alone', async () => {
    // Each buyer has 10 open orders of 12: 20 more at once leave exactly 2 more each, whatever the batches held.
    const productId = await addProduct(t.app, admin, { price: 1, quantity: 1, availableQuantity: 500 });
    batches.length = 0;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => order(buyers[i % 4], productId, 1)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(8);
    expect(statuses.filter((s) => s === 409)).toHaveLength(12);
    expect(batches).toContain(0);
    expect(await openOrders()).toEqual([12, 12, 12, 12]);
    expect(await stockOf(productId)).toBe(492);
  });

  it('sells exactly the stock when a batch asks for more than is left', async () => {
    // The buyers' counts start from 0 again: here only the stock may refuse.
    await t.app.db.updateTable('users').set({ open_orders: 0 }).execute();
    const productId = await addProduct(t.app, admin, { price: 1, quantity: 5, availableQuantity: 37 });
    batches.length = 0;
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => order(buyers[i % 4], productId, 5)));
    const statuses = answers.map((a) => a.status);
    // 37 units hold 7 orders of 5; the rest are refused for want of stock, and 2 units stay.
    expect(statuses.filter((s) => s === 201)).toHaveLength(7);
    expect(statuses.filter((s) => s === 400)).toHaveLength(17);
    expect(await stockOf(productId)).toBe(2);
  });
});
