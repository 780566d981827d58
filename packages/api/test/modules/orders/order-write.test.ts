// The order write of ADR 008 (one statement on PostgreSQL, one synchronous transaction on SQLite): all or nothing,
// and safe beside Kysely transactions running at the same time.
import { orderSchema, productSchema } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../../src/infra/db/ids.js';
import {
  createOrderPlacing,
  type DecideLines,
  type LineRequest,
  type PendingOrder,
  type PlacedOrder,
} from '../../../src/modules/orders/placing/index.js';
import { placingOptions } from './placing-options.js';
import { judgeLine } from '../../../src/modules/orders/service.js';
import { databases } from '../../helpers/databases.js';
import { addProduct, placedMessageCount, signUp, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import { buildWorld } from '../../helpers/world.js';

describe.each(databases)('the order write on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let buyer: SignedIn;

  beforeAll(async () => {
    ({
      t,
      admin,
      people: { buyer },
    } = await buildWorld(kind, { people: { buyer: ['Cy', 'cy@example.com'] } }));
  });
  afterAll(() => t.close());

  // The app's own open database, so the SQLite write shares the connection Kysely uses.
  const writer = () => {
    const place = createOrderPlacing(t.app.database, placingOptions(t.app, 1000));
    return (pending: PendingOrder, lines: LineRequest[], decide: DecideLines): Promise<PlacedOrder> =>
      place({ pending, lines, decide });
  };
  /** One line of `quantity` units, priced by the orders service's own rule. */
  const insertOrderTakingStock = ({
    product_id,
    quantity,
    ...order
  }: Omit<PendingOrder, 'po_number' | 'note' | 'payment_terms' | 'expires_at' | 'company_id'> & {
    product_id: string;
    quantity: number;
  }) =>
    writer()(
      { ...order, po_number: null, note: null, payment_terms: 'card', expires_at: order.created_at, company_id: null },
      [{ productId: product_id, quantity }],
      ([product]) => {
        const verdict = judgeLine(product, quantity);
        if (typeof verdict !== 'number') throw new Error(verdict.message);
        return [verdict];
      },
    );

  const stockOf = async (productId: string) =>
    productSchema.parse((await t.app.inject({ url: `/api/service/${productId}` })).json()).availableQuantity;

  it('takes no stock and counts no order when the order row cannot be written', async () => {
    const productId = await addProduct(t.app, admin, { price: 3, quantity: 10, availableQuantity: 100 });
    const order = {
      id: newId(Date.now()),
      product_id: productId,
      user_id: buyer.id,
      quantity: 10,
      email: 'cy@example.com',
      user_name: 'Cy',
      phone: '1',
      address: 'a',
      created_at: new Date().toISOString(),
    };
    await insertOrderTakingStock(order);
    const openBefore = await t.app.db
      .selectFrom('users')
      .select('open_orders')
      .where('id', '=', buyer.id)
      .executeTakeFirst();
    // The same order id again: the INSERT breaks the primary key after the stock UPDATE ran, and all of it is undone.
    await expect(insertOrderTakingStock(order)).rejects.toThrow();
    expect(await stockOf(productId)).toBe(90);
    const openAfter = await t.app.db
      .selectFrom('users')
      .select('open_orders')
      .where('id', '=', buyer.id)
      .executeTakeFirst();
    expect(openAfter).toEqual(openBefore);
  });

  it('is never caught up in another transaction that is open at the same time and then rolls back', async () => {
    const productId = await addProduct(t.app, admin, { price: 2, quantity: 5, availableQuantity: 50 });
    const order = {
      id: newId(Date.now()),
      product_id: productId,
      user_id: buyer.id,
      quantity: 5,
      email: 'cy@example.com',
      user_name: 'Cy',
      phone: '1',
      address: 'a',
      created_at: new Date().toISOString(),
    };
    let placing: Promise<unknown> = Promise.resolve();
    // A transaction that stays open across a timer (as one waiting on the network would), with the order placed
    // while it is open; it then fails and rolls back. The order must stand on its own either way.
    const failing = t.app.db.transaction().execute(async (trx) => {
      await trx.selectFrom('products').select('id').where('id', '=', productId).execute();
      placing = insertOrderTakingStock(order);
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error('rolled back on purpose');
    });
    await expect(failing).rejects.toThrow('rolled back on purpose');
    expect(((await placing) as { order: unknown }).order).toMatchObject({
      id: order.id,
      quantity: 5,
      total_cents: 1000,
    });
    expect(await stockOf(productId)).toBe(45);
    const found = await t.app.db.selectFrom('orders').select('id').where('id', '=', order.id).execute();
    expect(found).toEqual([{ id: order.id }]);
  });

  it('keeps the stock exact while orders are placed and deleted at the same time', async () => {
    const productId = await addProduct(t.app, admin, { price: 1, quantity: 10, availableQuantity: 1000 });
    const place = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: buyer.auth,
        payload: { productId, inputQuantity: 10, phone: '1', address: 'a' },
      });
    const first = await Promise.all(Array.from({ length: 10 }, place));
    const ids: string[] = first.map((r) => r.json().insertedId);
    // Deletes run as Kysely transactions: each order deleted twice and 30 unknown ids, so most of them roll back
    // (404). New orders run between them through the other path and must not be caught up in any of them.
    const gone = Array.from({ length: 30 }, () => newId(Date.now()));
    const remove = (id: string) => t.app.inject({ method: 'DELETE', url: `/api/order/${id}`, headers: buyer.auth });
    const mixed = await Promise.all(
      [...ids, ...ids, ...gone].flatMap((id, i) => (i % 2 === 0 ? [remove(id), place()] : [remove(id)])),
    );
    expect(mixed.map((r) => r.statusCode).sort()).toEqual([
      ...Array(10).fill(200),
      ...Array(25).fill(201),
      ...Array(40).fill(404),
    ]);
    const placed = new Set(mixed.filter((r) => r.statusCode === 201).map((r) => String(r.json().insertedId)));
    const mine = orderSchema
      .array()
      .parse((await t.app.inject({ url: '/api/orders?email=cy@example.com', headers: buyer.auth })).json())
      .filter((o) => o.productId === productId);
    expect(new Set(mine.map((o) => o._id))).toEqual(placed);
    expect(await stockOf(productId)).toBe(1000 - 25 * 10);
  });
  it('places the orders of one moment that the stock covers, and the refused ones leave nothing behind', async () => {
    const productId = await addProduct(t.app, admin, { price: 2, quantity: 10, availableQuantity: 50 });
    const other = await signUp(t.app, 'Di', 'di@example.com');
    const openOf = async (id: string) =>
      (await t.app.db.selectFrom('users').select('open_orders').where('id', '=', id).executeTakeFirstOrThrow())
        .open_orders;
    const openBefore = [await openOf(buyer.id), await openOf(other.id)];
    // Eight orders of ten in one turn (on SQLite one group commit): the stock covers five. The refusals come between
    // placed orders of the same batch, from both buyers.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/order',
          headers: (i % 2 === 0 ? buyer : other).auth,
          payload: { productId, inputQuantity: 10, phone: '1', address: 'a' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 400, 400, 400]);
    expect(await stockOf(productId)).toBe(0);
    const placed = answers.filter((a) => a.statusCode === 201).map((a) => orderSchema.parse(a.json().order));
    const placedBy = (email: string) => placed.filter((o) => o.email === email).length;
    expect([await openOf(buyer.id), await openOf(other.id)]).toEqual([
      (openBefore[0] ?? 0) + placedBy('cy@example.com'),
      (openBefore[1] ?? 0) + placedBy('di@example.com'),
    ]);
    const numbers = placed.map((o) => Number(o.number.slice(-6))).sort((a, b) => a - b);
    const first = numbers[0] ?? 0;
    if (kind === 'sqlite') {
      // Numbers in a row: SQLite takes the number inside the write, so a refused order took none.
      expect(numbers).toEqual([first, first + 1, first + 2, first + 3, first + 4]);
    } else {
      // PostgreSQL numbers each order as it is created, before its write decides (order-numbers.ts): a refusal that
      // comes between placed orders leaves a skip, which B2B §11 allows. Five distinct numbers.
      expect(new Set(numbers).size).toBe(5);
    }
    const rows = await t.app.db
      .selectFrom('orders')
      .select(['id', 'number', 'total_cents'])
      .where('product_id', '=', productId)
      .orderBy('number')
      .execute();
    expect(rows).toEqual(
      placed
        .map((o) => ({ id: o._id, number: o.number, total_cents: 2000 }))
        .sort((a, b) => a.number.localeCompare(b.number)),
    );
    expect(
      await placedMessageCount(
        t.app,
        rows.map((r) => r.id),
      ),
    ).toBe(5);
  });

  // The HTTP test above would pass even if every SQLite batch failed and each order ran again alone (the careful path
  // reads fresh rows): this one holds the batch itself to deciding each order once, from what it keeps in memory.
  it.runIf(kind === 'sqlite')(
    'decides each order of one batch once, against the stock, count and number the orders before it left',
    async () => {
      const productId = await addProduct(t.app, admin, { price: 2, quantity: 10, availableQuantity: 50 });
      const openOf = async () =>
        (await t.app.db.selectFrom('users').select('open_orders').where('id', '=', buyer.id).executeTakeFirstOrThrow())
          .open_orders;
      const openBefore = await openOf();
      const write = writer(); // one group commit, so the eight calls of this turn are one batch
      const stockSeen: number[] = [];
      const at = new Date().toISOString();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 8 }, () =>
          write(
            {
              id: newId(Date.now()),
              user_id: buyer.id,
              email: 'cy@example.com',
              user_name: 'Cy',
              phone: '1',
              address: 'a',
              created_at: at,
              po_number: null,
              note: null,
              payment_terms: 'card',
              expires_at: at,
              company_id: null,
            },
            [{ productId, quantity: 10 }],
            ([product]) => {
              stockSeen.push(product?.available_quantity ?? -1);
              const verdict = judgeLine(product, 10);
              if (typeof verdict !== 'number') throw new Error(verdict.message);
              return [verdict];
            },
          ),
        ),
      );
      expect(stockSeen).toEqual([50, 40, 30, 20, 10, 0, 0, 0]);
      expect(outcomes.map((o) => o.status)).toEqual([...Array(5).fill('fulfilled'), ...Array(3).fill('rejected')]);
      const numbers = outcomes.flatMap((o) =>
        o.status === 'fulfilled' ? [Number(o.value.order.number.slice(-6))] : [],
      );
      const first = numbers[0] ?? 0;
      expect(numbers).toEqual([first, first + 1, first + 2, first + 3, first + 4]);
      expect(await stockOf(productId)).toBe(0);
      expect(await openOf()).toBe(openBefore + 5);
      const counter = await t.app.db
        .selectFrom('order_number_counters')
        .select('last_number')
        .where('year', '=', new Date(at).getUTCFullYear())
        .executeTakeFirstOrThrow();
      expect(Number(counter.last_number)).toBe(first + 4);
    },
  );

  it('queues the "order placed" message with the order, once, and none for a refused order', async () => {
    const productId = await addProduct(t.app, admin, { price: 4, quantity: 10, availableQuantity: 30 });
    const place = (lines: Array<{ productId: string; quantity: number }>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: buyer.auth,
        payload: { lines, phone: '1', address: 'a', poNumber: 'PO-77' },
      });
    const before = Date.now();
    const placed = await place([{ productId, quantity: 20 }]);
    expect(placed.statusCode).toBe(201);
    const orderId = String(placed.json().insertedId);
    const order = orderSchema.parse(placed.json().order);
    // The hold (ORDER_HOLD_MINUTES, 2880 by default) runs from the order's creation.
    expect(Date.parse(order.expiresAt ?? '') - Date.parse(order.createdAt)).toBe(2880 * 60_000);
    expect(Date.parse(order.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    // More than the stock: refused, and no message for it.
    expect((await place([{ productId, quantity: 20 }])).statusCode).toBe(400);
    const other = await addProduct(t.app, admin, { price: 1, quantity: 5, availableQuantity: 50 });
    const two = await place([
      { productId: other, quantity: 5 },
      { productId, quantity: 10 },
    ]);
    expect(two.statusCode).toBe(201);
    const rows = await t.app.db
      .selectFrom('mail_outbox')
      .select(['dedupe_key', 'kind', 'to_address', 'subject', 'status'])
      .where('dedupe_key', 'like', 'order-placed:%')
      .where('to_address', '=', 'cy@example.com')
      .where('subject', 'like', '%PO-77%')
      .orderBy('created_at')
      .execute();
    expect(rows).toEqual([
      {
        dedupe_key: `order-placed:${orderId}`,
        kind: 'order-placed',
        to_address: 'cy@example.com',
        subject: `Order ${order.number} placed (PO PO-77)`,
        status: 'queued',
      },
      {
        dedupe_key: `order-placed:${String(two.json().insertedId)}`,
        kind: 'order-placed',
        to_address: 'cy@example.com',
        subject: `Order ${String(two.json().order.number)} placed (PO PO-77)`,
        status: 'queued',
      },
    ]);
    const text = await t.app.db
      .selectFrom('mail_outbox')
      .select('content')
      .where('dedupe_key', '=', `order-placed:${orderId}`)
      .executeTakeFirstOrThrow();
    expect(t.app.mail.bodies(text.content).text).toContain('$80.00');
  });
});
