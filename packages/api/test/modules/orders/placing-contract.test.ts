// The contract of every placing path (modules/orders/placing/index.ts's table), forced one path at a time through
// the same cases on each database: the stock sold exactly, the open-order limit held, a refusal writing nothing,
// numbers in creation order, and each placed order's mail and webhook event written once. The paths are the real
// ones over the app's own open database; each case builds its own placing, as app.ts builds the one the shop uses.
import { webhookCreatedSchema } from '@kestrel/shared';
import { AppError } from '../../../src/infra/errors.js';
import { newId } from '../../../src/infra/db/ids.js';
import {
  createPlacingPaths,
  pathOf,
  type LineRequest,
  type PendingOrder,
  type PlaceOrder,
  type PlacingPath,
  type ProductTerms,
} from '../../../src/modules/orders/placing/index.js';
import { placingOptions } from './placing-options.js';
import { judgeLine } from '../../../src/modules/orders/service.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import {
  ADMIN,
  addProduct,
  call,
  createTestApp,
  logIn,
  signUp,
  type SignedIn,
  type TestApp,
} from '../../helpers/test-app.js';

const PATHS: Record<'sqlite' | 'postgres', PlacingPath[]> = {
  sqlite: ['sqlite-step', 'company'],
  postgres: ['one-line', 'several-lines', 'locked-lines', 'company'],
};

describe.each(databases)('every placing path on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let endpointId: string;
  let buyerCount = 0;

  beforeAll(async () => {
    // A receiver on loopback is allowed, as in a shop's own tests of its webhooks.
    t = await createTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' });
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    // One endpoint for order.created, so each placed order has exactly one webhook message (never delivered here:
    // port 9 answers nothing, and the case only counts the rows written with the order).
    const hook = await call(t.app, 'POST', '/api/admin/webhooks', admin, {
      url: 'http://127.0.0.1:9/placing',
      events: ['order.created'],
    });
    expect(hook.statusCode).toBe(201);
    endpointId = webhookCreatedSchema.parse(hook.json())._id;
  });
  afterAll(() => t.close());

  /** The path, built as the front door builds it, with this case's limit. */
  function pathFor(path: PlacingPath, maxOpenOrders = 1000): PlaceOrder {
    const paths = createPlacingPaths(t.app.database, placingOptions(t.app, maxOpenOrders));
    const place = paths[path];
    if (!place) throw new Error(`${path} is no path on ${kind}`);
    return place;
  }

  const newBuyer = async () => {
    buyerCount += 1;
    return signUp(t.app, `Buyer ${buyerCount}`, `placing-${buyerCount}@example.com`);
  };

  const pendingOf = (buyer: SignedIn): PendingOrder => {
    const now = Date.now();
    return {
      id: newId(now),
      user_id: buyer.id,
      email: buyer.email,
      user_name: buyer.name,
      phone: '555 0100',
      address: '1 Dock Road',
      created_at: new Date(now).toISOString(),
      po_number: null,
      note: null,
      payment_terms: 'card',
      expires_at: new Date(now + 3_600_000).toISOString(),
      company_id: null,
    };
  };

  /** The orders service's rule for each line, refusing the whole order on any bad line (nothing written then). */
  const decideBy =
    (lines: LineRequest[]) =>
    (products: Array<ProductTerms | undefined>): number[] =>
      lines.map((line, i) => {
        const verdict = judgeLine(products[i], line.quantity);
        if (typeof verdict !== 'number') throw new AppError(409, verdict.code, verdict.message);
        return verdict;
      });

  /** The lines of an order on `path`: one line on the one-line path, a second of `extra` on the others. */
  const linesFor = (path: PlacingPath, productId: string, quantity: number, extra: string): LineRequest[] =>
    path === 'one-line'
      ? [{ productId, quantity }]
      : [
          { productId, quantity },
          { productId: extra, quantity: 1 },
        ];

  const event = (endpointIds: string[]) => (placed: { order: { id: string } }) =>
    t.app.webhooks.event('order.created', { id: placed.order.id }, endpointIds);

  const stockOf = async (id: string) =>
    (await t.app.db.selectFrom('products').select('available_quantity').where('id', '=', id).executeTakeFirstOrThrow())
      .available_quantity;
  const openOf = async (userId: string) =>
    (await t.app.db.selectFrom('users').select('open_orders').where('id', '=', userId).executeTakeFirstOrThrow())
      .open_orders;
  const ordersOf = (userId: string) =>
    t.app.db
      .selectFrom('orders')
      .select(['id', 'number', 'total_cents'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const linesOf = async (orderIds: string[]) =>
    orderIds.length === 0
      ? []
      : t.app.db.selectFrom('order_lines').select(['order_id', 'quantity']).where('order_id', 'in', orderIds).execute();
  const mailsOf = async (orderIds: string[]) =>
    orderIds.length === 0
      ? []
      : t.app.db
          .selectFrom('mail_outbox')
          .select('dedupe_key')
          .where(
            'dedupe_key',
            'in',
            orderIds.map((id) => `order-placed:${id}`),
          )
          .execute();
  const eventsOf = async (orderId: string) =>
    (
      await t.app.db.selectFrom('webhook_messages').select('body').where('endpoint_id', '=', endpointId).execute()
    ).filter((m) => m.body.includes(orderId));

  it('starts each order on the path the table gives it', () => {
    const one = [{ productId: 'p', quantity: 1 }];
    const three = [...one, ...one, ...one];
    const postgres = kind === 'postgres';
    expect(pathOf(postgres, { lines: one })).toBe(postgres ? 'one-line' : 'sqlite-step');
    expect(pathOf(postgres, { lines: three })).toBe(postgres ? 'several-lines' : 'sqlite-step');
    expect(pathOf(postgres, { lines: three, within: {} })).toBe('company');
    expect(
      pathOf(postgres, {
        lines: one,
        company: { companyId: 'c', role: 'buyer', onAccount: true, spendingLimitCents: null },
      }),
    ).toBe('company');
  });

  describe.each(PATHS[kind])('the %s path', (path) => {
    it('sells exactly the stock to orders placed at once, and refuses the rest whole', async () => {
      const hot = await addProduct(t.app, admin, { price: 3, quantity: 1, availableQuantity: 7 });
      const spare = await addProduct(t.app, admin, { price: 1, quantity: 1, availableQuantity: 100 });
      const place = pathFor(path);
      const buyer = await newBuyer();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 5 }, () => {
          const lines = linesFor(path, hot, 2, spare);
          return place({ pending: pendingOf(buyer), lines, decide: decideBy(lines) });
        }),
      );
      const placed = outcomes.filter((o) => o.status === 'fulfilled');
      expect(placed).toHaveLength(3);
      for (const o of outcomes) {
        if (o.status === 'rejected') expect(o.reason).toMatchObject({ statusCode: 409 });
      }
      expect(await stockOf(hot)).toBe(1);
      expect(await stockOf(spare)).toBe(path === 'one-line' ? 100 : 97);
      const orders = await ordersOf(buyer.id);
      expect(orders).toHaveLength(3);
      // 2 units at $3, and on two-line paths 1 unit at $1.
      expect(orders.map((o) => Number(o.total_cents))).toEqual(Array(3).fill(path === 'one-line' ? 600 : 700));
      const lines = await linesOf(orders.map((o) => o.id));
      expect(lines).toHaveLength(path === 'one-line' ? 3 : 6);
      // Counted when placed, not when refused.
      expect(await openOf(buyer.id)).toBe(3);
    });

    it("holds the buyer's open-order limit with orders placed at once", async () => {
      const product = await addProduct(t.app, admin, { price: 2, quantity: 1, availableQuantity: 100 });
      const spare = await addProduct(t.app, admin, { price: 1, quantity: 1, availableQuantity: 100 });
      const place = pathFor(path, 2);
      const buyer = await newBuyer();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 4 }, () => {
          const lines = linesFor(path, product, 1, spare);
          return place({ pending: pendingOf(buyer), lines, decide: decideBy(lines) });
        }),
      );
      expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
      for (const o of outcomes) {
        if (o.status === 'rejected')
          expect(o.reason).toMatchObject({ statusCode: 409, code: 'too_many_unpaid_orders' });
      }
      expect(await openOf(buyer.id)).toBe(2);
      expect(await ordersOf(buyer.id)).toHaveLength(2);
      expect(await stockOf(product)).toBe(98);
    });

    it('writes nothing for a refused order: no row, no stock, no count, no mail, no event', async () => {
      const product = await addProduct(t.app, admin, { price: 2, quantity: 1, availableQuantity: 5 });
      const spare = await addProduct(t.app, admin, { price: 1, quantity: 1, availableQuantity: 100 });
      const place = pathFor(path);
      const buyer = await newBuyer();
      const pending = pendingOf(buyer);
      // More units than the stock holds: refused by the service's rule on every path.
      const lines = linesFor(path, product, 6, spare);
      await expect(
        place({ pending, lines, decide: decideBy(lines), event: event([endpointId]) }),
      ).rejects.toMatchObject({ statusCode: 409 });
      expect(await ordersOf(buyer.id)).toEqual([]);
      expect(await linesOf([pending.id])).toEqual([]);
      expect([await stockOf(product), await stockOf(spare)]).toEqual([5, 100]);
      expect(await openOf(buyer.id)).toBe(0);
      expect(await mailsOf([pending.id])).toEqual([]);
      expect(await eventsOf(pending.id)).toEqual([]);
    });

    it('numbers orders in the order they were created, and writes each mail and event once', async () => {
      const product = await addProduct(t.app, admin, { price: 4, quantity: 1, availableQuantity: 100 });
      const spare = await addProduct(t.app, admin, { price: 1, quantity: 1, availableQuantity: 100 });
      const place = pathFor(path);
      const buyer = await newBuyer();
      const placed = [];
      for (let i = 0; i < 3; i++) {
        const lines = linesFor(path, product, 1, spare);
        placed.push(
          await place({ pending: pendingOf(buyer), lines, decide: decideBy(lines), event: event([endpointId]) }),
        );
      }
      const orders = await ordersOf(buyer.id);
      expect(orders.map((o) => o.id)).toEqual(placed.map((p) => p.order.id));
      expect(orders.map((o) => o.number)).toEqual(placed.map((p) => p.order.number));
      const year = new Date().getUTCFullYear();
      const sequence = orders.map((o) => {
        const match = /^SO-(\d{4})-(\d{6})$/.exec(o.number ?? '');
        expect(match?.[1]).toBe(String(year));
        return Number(match?.[2]);
      });
      // Strictly rising; SQLite takes them one after another, PostgreSQL from a block this placing reserved.
      expect(sequence).toEqual([...sequence].sort((a, b) => a - b));
      expect(new Set(sequence).size).toBe(3);
      expect(sequence[2]! - sequence[0]!).toBe(2);
      expect((await mailsOf(orders.map((o) => o.id))).map((m) => m.dedupe_key).sort()).toEqual(
        orders.map((o) => `order-placed:${o.id}`).sort(),
      );
      for (const order of orders) expect(await eventsOf(order.id)).toHaveLength(1);
    });
  });
});
