// PostgreSQL's group commit of orders (infra/db/postgres-group-commit.ts): orders that arrive while another of their
// queue is in flight go to the database as one all-or-nothing statement, and each still gets its own answer. Real
// HTTP, so the orders arrive at once as buyers' would.
import type pg from 'pg';
import { orderSchema, productSchema } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../../src/infra/db/ids.js';
import { rowsOf, TERMS_COLUMNS } from '../../../../src/modules/orders/placing/placed-rows.js';
import {
  batchValues,
  type BatchedOrder,
} from '../../../../src/modules/orders/placing/postgres-statements-repository.js';
import {
  ADMIN,
  addProduct,
  createTestApp,
  logIn,
  placedMessageCount,
  signUp,
  type SignedIn,
  type TestApp,
} from '../../../helpers/test-app.js';

describe('orders placed by many at once, on PostgreSQL', () => {
  let t: TestApp;
  let base: string;
  let admin: SignedIn;
  let buyers: SignedIn[];
  /** What each batch statement answered: true when it placed its orders, false when it wrote nothing. */
  const batches: boolean[] = [];

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
      if (config.name === 'kestrel-place-order-batch') batches.push(result.rows[0]?.ok === true);
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
    expect(batches.filter((ok) => ok).length).toBeGreaterThan(0);
    expect(batches.filter((ok) => !ok)).toEqual([]);

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
    expect(await placedMessageCount(t.app, ids)).toBe(40);
  });

  it('refuses the batch as a whole when a buyer would pass the limit, then judges each order alone', async () => {
    // Each buyer has 10 open orders of 12: 20 more at once leave exactly 2 more each, whatever the batches held.
    const productId = await addProduct(t.app, admin, { price: 1, quantity: 1, availableQuantity: 500 });
    batches.length = 0;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => order(buyers[i % 4], productId, 1)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(8);
    expect(statuses.filter((s) => s === 409)).toHaveLength(12);
    expect(batches).toContain(false);
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

  it('batches orders of several lines over shared products: stock, lines and counts exact', async () => {
    await t.app.db.updateTable('users').set({ open_orders: 0 }).execute();
    const products: string[] = [];
    for (const price of [1, 2, 3, 4]) {
      products.push(await addProduct(t.app, admin, { price, quantity: 2, availableQuantity: 300 }));
    }
    batches.length = 0;
    // 24 orders of 3 lines each, over 4 products, 3 buyers: the order of their lines rotates.
    const bodies = Array.from({ length: 24 }, (_, i) => ({
      lines: [0, 1, 2].map((k) => ({ productId: products[(i + k) % 4] ?? '', quantity: 2 })),
      phone: '1',
      address: 'a',
    }));
    const answers = await Promise.all(
      bodies.map((body, i) =>
        fetch(`${base}/api/orders`, {
          method: 'POST',
          headers: { ...buyers[i % 3]?.auth, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(24).fill(201));
    expect(batches.filter((ok) => ok).length).toBeGreaterThan(0);
    // Each product is on 18 of the 24 orders (3 lines of 4 products), 2 units each.
    for (const productId of products) expect(await stockOf(productId)).toBe(300 - 18 * 2);
    expect(await openOrders()).toEqual([8, 8, 8, 0]);
    const ids = await Promise.all(answers.map(async (a) => ((await a.json()) as { insertedId: string }).insertedId));
    // Each order row as its own statement writes it: the first line's product, "+ 2 more", all units, the total.
    const rows = await t.app.db
      .selectFrom('orders')
      .select(['id', 'product_id', 'item_name', 'quantity', 'total_cents'])
      .where('id', 'in', ids)
      .execute();
    expect(rows).toHaveLength(24);
    for (const [i, id] of ids.entries()) {
      const prices = [0, 1, 2].map((k) => ((i + k) % 4) + 1);
      expect(rows.find((r) => r.id === id)).toMatchObject({
        product_id: products[i % 4],
        item_name: expect.stringMatching(/ \+ 2 more$/),
        quantity: 6,
        total_cents: prices.reduce((sum, price) => sum + price * 100 * 2, 0),
      });
    }
    const lines = await t.app.db
      .selectFrom('order_lines')
      .select(['order_id', 'line_no', 'product_id'])
      .where('order_id', 'in', ids)
      .orderBy('order_id')
      .orderBy('line_no')
      .execute();
    expect(lines).toHaveLength(72);
    for (const [i, id] of ids.entries()) {
      const own = lines.filter((l) => l.order_id === id).map((l) => l.product_id);
      expect(own).toEqual([0, 1, 2].map((k) => products[(i + k) % 4]));
    }
  });

  it('locks every buyer of a batch before any of its products, so two batches never wait for each other', async () => {
    const pool = t.app.database.pg;
    if (!pool) throw new Error('not PostgreSQL');
    const productId = await addProduct(t.app, admin, { price: 1, quantity: 1, availableQuantity: 100 });
    const product = await t.app.db
      .selectFrom('products')
      .select(TERMS_COLUMNS)
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const [first, second] = [...buyers].sort((a, b) => (a.id < b.id ? -1 : 1));
    if (!first || !second) throw new Error('two buyers');
    const batch: BatchedOrder[] = [first, second].map((buyer, i) => ({
      placed: rowsOf(
        {
          id: newId(Date.now()),
          number: `SO-2026-LOCK-${i}`,
          user_id: buyer.id,
          email: buyer.email,
          user_name: buyer.name,
          phone: '1',
          address: 'a',
          created_at: now,
          po_number: null,
          note: null,
          payment_terms: 'card',
          expires_at: now,
          company_id: null,
        },
        [product],
        [{ productId, quantity: 1 }],
        [100],
      ),
      products: [product],
      mails: [],
    }));

    // Another transaction holds the second buyer's row: the batch locks the first buyer and waits for the second.
    const holder = await pool.connect();
    const prober = await pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [second.id]);
      const placing = pool.query<{ ok: boolean }>(batchValues(batch, 1000));
      for (let waited = 0; ; waited += 20) {
        const { rows } = await prober.query<{ waiting: number }>(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%buyers AS MATERIALIZED%'`,
        );
        if (rows[0]?.waiting === 1) break;
        if (waited > 5000) throw new Error('the batch never waited for the held buyer');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      // While it waits on a buyer, it holds no product: another writer may lock the product at once.
      await prober.query('BEGIN');
      await expect(
        prober.query('SELECT id FROM products WHERE id = $1 FOR UPDATE NOWAIT', [productId]),
      ).resolves.toMatchObject({ rowCount: 1 });
      await prober.query('ROLLBACK');
      await holder.query('ROLLBACK');
      expect((await placing).rows).toEqual([{ ok: true }]);
      expect(await stockOf(productId)).toBe(98);
    } finally {
      holder.release();
      prober.release();
    }
  });
});
