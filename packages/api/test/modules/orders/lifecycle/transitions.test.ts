// B2B §4 on both databases: every transition from every status, allowed or refused (409, nothing changed), who may
// ask (owner, another customer, an admin), and what changes with an allowed one (history, stock, open orders, mail).
import { ORDER_STATUSES, type Order, type OrderStatus } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../../helpers/databases.js';
import { call, type SignedIn } from '../../../helpers/test-app.js';
import {
  createWorld,
  mailsOf,
  openOrdersOf,
  orderIn,
  orderRow,
  payByCard,
  placeOrder,
  post,
  sandboxIntentsOf,
  stockOf,
  type World,
} from './lifecycle-fixtures.js';
import { recordAccountPayment } from '../../../../src/modules/billing/on-account-repository.js';
import { linesOfOrders } from '../../../../src/modules/orders/repository.js';

const label: Record<OrderStatus, string> = {
  pending: 'awaiting payment',
  awaiting_approval: 'awaiting approval',
  confirmed: 'confirmed',
  shipped: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
  expired: 'expired',
  rejected: 'rejected',
  partially_shipped: 'partially shipped',
};

interface Action {
  name: string;
  /** Who asks: the order's buyer or the admin. */
  as: 'owner' | 'admin';
  path: string;
  body?: unknown;
  /** The statuses it is allowed from, and the status it leads to. */
  from: OrderStatus[];
  to: (from: OrderStatus) => OrderStatus;
  /** The words of its refusal: "An order that is shipped cannot be cancelled". */
  verb: string;
  /** Arranged on the order besides its status (mark-paid needs an on-account order). */
  terms?: 'account';
}

const actions: Action[] = [
  {
    name: 'ship',
    as: 'admin',
    path: 'ship',
    body: { carrier: 'DHL', trackingNumber: 'JD0146000012345' },
    from: ['confirmed'],
    to: () => 'shipped',
    verb: 'shipped',
  },
  {
    name: 'deliver (buyer)',
    as: 'owner',
    path: 'deliver',
    from: ['shipped'],
    to: () => 'delivered',
    verb: 'marked delivered',
  },
  {
    name: 'deliver (admin)',
    as: 'admin',
    path: 'deliver',
    from: ['shipped'],
    to: () => 'delivered',
    verb: 'marked delivered',
  },
  {
    name: 'cancel (buyer)',
    as: 'owner',
    path: 'cancel',
    body: { reason: 'Ordered twice' },
    from: ['pending', 'awaiting_approval'],
    to: () => 'cancelled',
    verb: 'cancelled',
  },
  {
    name: 'cancel (admin)',
    as: 'admin',
    path: 'cancel',
    // B2B §14: a partly shipped order's unshipped units are cancelled (shipments/cancel-rest.test.ts); arranged here
    // with no shipment, none awaits delivery, so it ends delivered.
    from: ['pending', 'awaiting_approval', 'confirmed', 'partially_shipped'],
    to: (from) => (from === 'partially_shipped' ? 'delivered' : 'cancelled'),
    verb: 'cancelled',
  },
  {
    name: 'mark-paid (admin, on account)',
    as: 'admin',
    path: 'mark-paid',
    body: { reference: 'BANK-2026-0001' },
    // B2B §14: a partly shipped order on account is paid for as a shipped one.
    from: ['confirmed', 'shipped', 'delivered', 'partially_shipped'],
    to: (from) => from,
    verb: 'marked paid',
    terms: 'account',
  },
];

describe.each(databases)('order transitions on %s', (kind) => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld(kind);
  });
  afterAll(() => w.t.close());

  const who = (a: Action): SignedIn => (a.as === 'admin' ? w.admin : w.alice);

  describe.each(actions)('$name', (action) => {
    it.each(ORDER_STATUSES.map((s) => [s]))('from %s', async (status) => {
      const order = await orderIn(w, status, action.terms ? { payment_terms: action.terms } : {});
      const before = await orderRow(w, order._id);
      const res = await post(w, who(action), `/api/orders/${order._id}/${action.path}`, action.body);
      if (!action.from.includes(status)) {
        expect([res.statusCode, res.json()]).toEqual([
          409,
          {
            error: {
              code: 'invalid_transition',
              message: `An order that is ${label[status]} cannot be ${action.verb}`,
            },
          },
        ]);
        expect(await orderRow(w, order._id)).toEqual(before);
        return;
      }
      expect(res.statusCode).toBe(200);
      const body: Order = res.json();
      const to = action.to(status);
      expect(body.status).toBe(to);
      const steps = JSON.parse(before.status_history);
      if (to === status) {
        expect(body.statusHistory).toEqual(steps);
      } else {
        expect(body.statusHistory.slice(0, -1)).toEqual(steps);
        expect(body.statusHistory.at(-1)?.status).toBe(to);
      }
      expect((await orderRow(w, order._id)).status).toBe(to);
    });
  });

  it('hides the order from other customers (404) and keeps admin steps from its buyer (403)', async () => {
    const order = await orderIn(w, 'confirmed', { payment_terms: 'account' });
    const notFound = { error: { code: 'not_found', message: 'Order not found' } };
    for (const [path, body] of [
      ['ship', { carrier: 'DHL', trackingNumber: 'X1' }],
      ['deliver', undefined],
      ['mark-paid', { reference: 'R1' }],
      ['cancel', undefined],
    ] as const) {
      const res = await post(w, w.bob, `/api/orders/${order._id}/${path}`, body);
      expect([path, res.statusCode, res.json()]).toEqual([path, 404, notFound]);
      const anonymous = await post(w, undefined, `/api/orders/${order._id}/${path}`, body);
      expect([path, anonymous.statusCode]).toEqual([path, 401]);
    }
    const ship = await post(w, w.alice, `/api/orders/${order._id}/ship`, { carrier: 'DHL', trackingNumber: 'X1' });
    expect([ship.statusCode, ship.json()]).toEqual([
      403,
      { error: { code: 'forbidden', message: 'Only administrators may ship orders' } },
    ]);
    const paid = await post(w, w.alice, `/api/orders/${order._id}/mark-paid`, { reference: 'R1' });
    expect([paid.statusCode, paid.json()]).toEqual([
      403,
      { error: { code: 'forbidden', message: 'Only administrators may record payments' } },
    ]);
    const unknown = await post(w, w.admin, '/api/orders/0123456789abcdef01234567/cancel');
    expect([unknown.statusCode, unknown.json()]).toEqual([404, notFound]);
    expect((await orderRow(w, order._id)).status).toBe('confirmed');
  });

  it('refuses bad bodies with 400 and changes nothing', async () => {
    const order = await orderIn(w, 'confirmed', { payment_terms: 'account' });
    const cases: Array<[string, unknown, string]> = [
      ['ship', {}, 'carrier is required'],
      ['ship', { carrier: '  ', trackingNumber: 'X' }, 'carrier is required'],
      [
        'ship',
        { carrier: 'DHL', trackingNumber: 'x'.repeat(101) },
        'trackingNumber must be 1-100 printable characters',
      ],
      ['ship', { carrier: 'DHL', trackingNumber: 'a\nb' }, 'trackingNumber must be 1-100 printable characters'],
      ['mark-paid', {}, 'reference is required'],
      ['cancel', { reason: 'x'.repeat(501) }, 'reason must be at most 500 characters'],
      ['cancel', { reason: 7 }, 'reason must be text'],
    ];
    for (const [path, body, message] of cases) {
      const res = await post(w, w.admin, `/api/orders/${order._id}/${path}`, body);
      expect([path, res.statusCode, res.json()]).toEqual([path, 400, { error: { code: 'validation_error', message } }]);
    }
    const badId = await post(w, w.admin, '/api/orders/nope/cancel');
    expect(badId.statusCode).toBe(400);
    const row = await orderRow(w, order._id);
    expect([row.status, row.carrier, row.paid_at, row.cancel_reason]).toEqual(['confirmed', null, null, null]);
  });

  it('a buyer cancels a pending order: stock back per product, one open order less, the reason kept, one mail', async () => {
    const stock = await stockOf(w);
    const open = await openOrdersOf(w, w.alice);
    const order = await placeOrder(w);
    expect(await stockOf(w)).toEqual({ gpu: stock.gpu - 200, psu: stock.psu - 300 });
    expect(await openOrdersOf(w, w.alice)).toBe(open + 1);

    const res = await post(w, w.alice, `/api/orders/${order._id}/cancel`, { reason: '  Ordered twice ' });
    expect(res.statusCode).toBe(200);
    const body: Order = res.json();
    expect([body.status, body.cancelReason, body.refunded, body.paid]).toEqual([
      'cancelled',
      'Ordered twice',
      false,
      false,
    ]);
    expect(body.statusHistory.map((s) => s.status)).toEqual(['pending', 'cancelled']);
    expect(await stockOf(w)).toEqual(stock);
    expect(await openOrdersOf(w, w.alice)).toBe(open);

    // Again: refused, and nothing moves twice.
    const again = await post(w, w.alice, `/api/orders/${order._id}/cancel`);
    expect([again.statusCode, again.json().error.message]).toEqual([
      409,
      'An order that is cancelled cannot be cancelled',
    ]);
    expect(await stockOf(w)).toEqual(stock);
    expect(await openOrdersOf(w, w.alice)).toBe(open);

    const mails = await mailsOf(w, order._id);
    expect(mails.map((m) => [m.dedupe_key, m.kind, m.to_address, m.subject])).toEqual([
      [`order-placed:${order._id}`, 'order-placed', 'alice@example.com', `Order ${order.number} placed (PO PO-77)`],
      [
        `order-cancelled:${order._id}`,
        'order-cancelled',
        'alice@example.com',
        `Order ${order.number} cancelled (PO PO-77)`,
      ],
    ]);
    expect(mails[1]?.text).toMatch(/Reason: +Ordered twice/);
  });

  it('a paid order is shipped with its tracking (mail) and delivered by its buyer; the history has every step', async () => {
    const order = await placeOrder(w);
    const intentId = await payByCard(w, order._id);
    const stockAfterPay = await stockOf(w);
    const shipped = await post(w, w.admin, `/api/orders/${order._id}/ship`, {
      carrier: ' UPS ',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped.statusCode).toBe(200);
    const body: Order = shipped.json();
    expect([body.status, body.carrier, body.trackingNumber, body.paid]).toEqual([
      'shipped',
      'UPS',
      '1Z999AA10123456784',
      true,
    ]);
    const delivered = await post(w, w.alice, `/api/orders/${order._id}/deliver`);
    expect(delivered.statusCode).toBe(200);
    const done: Order = delivered.json();
    expect(done.statusHistory.map((s) => s.status)).toEqual(['pending', 'confirmed', 'shipped', 'delivered']);
    expect(await stockOf(w)).toEqual(stockAfterPay);

    const mails = await mailsOf(w, order._id);
    expect(mails.map((m) => [m.dedupe_key, m.to_address, m.subject])).toEqual([
      [`order-placed:${order._id}`, 'alice@example.com', `Order ${order.number} placed (PO PO-77)`],
      [`order-paid:${order._id}`, 'alice@example.com', `Order ${order.number} paid (PO PO-77)`],
      [`order-shipped:${order._id}`, 'alice@example.com', `Order ${order.number} shipped (PO PO-77)`],
      // B2B §11: the buyer hears of the delivery too.
      [`order-delivered:${order._id}`, 'alice@example.com', `Order ${order.number} delivered (PO PO-77)`],
    ]);
    expect(mails[1]?.text).toMatch(new RegExp(`Reference: +${intentId}`));
    expect(mails[2]?.text).toMatch(/Tracking number: +1Z999AA10123456784/);
  });

  it('an admin cancels a paid card order: stock back, the sandbox charge refunded, refunded: true, one mail', async () => {
    const order = await placeOrder(w);
    const intentId = await payByCard(w, order._id);
    const stock = await stockOf(w);
    const open = await openOrdersOf(w, w.alice);

    const res = await post(w, w.admin, `/api/orders/${order._id}/cancel`, { reason: 'Out of production' });
    expect(res.statusCode).toBe(200);
    const body: Order = res.json();
    expect([body.status, body.paid, body.refunded, body.cancelReason]).toEqual([
      'cancelled',
      true,
      true,
      'Out of production',
    ]);
    expect(await stockOf(w)).toEqual({ gpu: stock.gpu + 200, psu: stock.psu + 300 });
    // It was uncounted when paid; cancelling a confirmed order does not uncount it again.
    expect(await openOrdersOf(w, w.alice)).toBe(open);
    expect(await sandboxIntentsOf(w, order._id)).toEqual([
      { id: intentId, status: 'succeeded', amount_received: 170_000, amount_refunded: 170_000 },
    ]);
    const mails = (await mailsOf(w, order._id)).filter((m) => m.kind === 'order-cancelled');
    expect(mails.map((m) => [m.dedupe_key, m.to_address, m.subject])).toEqual([
      [`order-cancelled:${order._id}`, 'alice@example.com', `Order ${order.number} cancelled (PO PO-77)`],
    ]);
    expect(mails[0]?.text).toMatch(/Refunded: +\$1,700\.00/);

    // Its buyer could not have: a confirmed order is the admin's to cancel.
    const other = await placeOrder(w);
    await payByCard(w, other._id);
    const refused = await post(w, w.alice, `/api/orders/${other._id}/cancel`);
    expect([refused.statusCode, refused.json().error.message]).toEqual([
      409,
      'An order that is confirmed cannot be cancelled',
    ]);
  });

  it('records an on-account payment once; a card order is not marked paid', async () => {
    const order = await orderIn(w, 'shipped', { payment_terms: 'account' });
    const res = await post(w, w.admin, `/api/orders/${order._id}/mark-paid`, { reference: 'BANK-42' });
    expect(res.statusCode).toBe(200);
    const body: Order = res.json();
    expect([body.paid, body.status]).toEqual([true, 'shipped']);
    const row = await orderRow(w, order._id);
    expect([row.paid_reference, typeof row.paid_at, row.transaction_id]).toEqual(['BANK-42', 'string', null]);
    const twice = await post(w, w.admin, `/api/orders/${order._id}/mark-paid`, { reference: 'BANK-43' });
    expect([twice.statusCode, twice.json()]).toEqual([
      409,
      { error: { code: 'order_paid', message: 'This order is already paid' } },
    ]);
    expect((await orderRow(w, order._id)).paid_reference).toBe('BANK-42');
    const mails = (await mailsOf(w, order._id)).filter((m) => m.kind === 'order-paid');
    expect(mails.map((m) => [m.dedupe_key, m.subject])).toEqual([
      [`order-paid:${order._id}`, `Order ${order.number} paid (PO PO-77)`],
    ]);
    expect(mails[0]?.text).toMatch(/Reference: +BANK-42/);

    // A cancel that commits between the check and the write: the write's own status condition leaves it unpaid.
    const cancelled = await orderIn(w, 'cancelled', { payment_terms: 'account' });
    const raced = await w.app.db
      .transaction()
      .execute((trx) => recordAccountPayment(trx, cancelled._id, 'BANK-45', new Date().toISOString(), ['confirmed']));
    expect([raced, (await orderRow(w, cancelled._id)).paid_at]).toEqual([false, null]);

    const card = await orderIn(w, 'confirmed');
    const refused = await post(w, w.admin, `/api/orders/${card._id}/mark-paid`, { reference: 'BANK-44' });
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { error: { code: 'invalid_transition', message: 'A card order is paid by card, not marked paid' } },
    ]);
  });

  it('lists all orders or those of one status for admins only', async () => {
    const shipped = await orderIn(w, 'rejected');
    const all = await call(w.app, 'GET', '/api/order', w.admin);
    const rejected = await call(w.app, 'GET', '/api/order?status=rejected', w.admin);
    expect(rejected.statusCode).toBe(200);
    const list: Order[] = rejected.json();
    const expected = (all.json() as Order[]).filter((o) => o.status === 'rejected');
    expect(list).toEqual(expected);
    expect(list.map((o) => o._id)).toContain(shipped._id);
    expect(list[0]?.lines.length).toBe(2);
    const bad = await call(w.app, 'GET', '/api/order?status=lost', w.admin);
    expect([bad.statusCode, bad.json().error.code]).toEqual([400, 'validation_error']);
    expect((await call(w.app, 'GET', '/api/order?status=rejected', w.alice)).statusCode).toBe(403);
  });

  it('reads the lines of more orders than the database takes parameters (a long status list)', async () => {
    const order = await orderIn(w, 'rejected');
    // 70,000 ids: above PostgreSQL's 65,535 and SQLite's 32,766 bound parameters in one statement.
    const ids = Array.from({ length: 70_000 }, (_, i) => `missing${String(i).padStart(17, '0')}`);
    ids.splice(65_000, 0, order._id);
    const lines = await linesOfOrders(w.app.db, ids);
    expect(lines.map((l) => [l.order_id, l.line_no])).toEqual([
      [order._id, 0],
      [order._id, 1],
    ]);
  });

  it('SPEC DELETE: an ended order is deleted without moving stock; a confirmed unpaid one is refused', async () => {
    const order = await placeOrder(w);
    expect((await post(w, w.alice, `/api/orders/${order._id}/cancel`)).statusCode).toBe(200);
    const stock = await stockOf(w);
    const open = await openOrdersOf(w, w.alice);
    const res = await call(w.app, 'DELETE', `/api/order/${order._id}`, w.alice);
    expect([res.statusCode, res.json()]).toEqual([200, { deletedCount: 1 }]);
    expect(await stockOf(w)).toEqual(stock);
    expect(await openOrdersOf(w, w.alice)).toBe(open);

    const onAccount = await orderIn(w, 'confirmed', { payment_terms: 'account' });
    const refused = await call(w.app, 'DELETE', `/api/order/${onAccount._id}`, w.alice);
    expect([refused.statusCode, refused.json().error]).toEqual([
      409,
      { code: 'invalid_transition', message: 'An order that is confirmed cannot be deleted' },
    ]);
  });

  it('new answers carry refunded: false and cancelReason: null', async () => {
    const order = await placeOrder(w);
    expect([order.refunded, order.cancelReason]).toEqual([false, null]);
    const read = await call(w.app, 'GET', `/api/orders/${order._id}`, w.alice);
    expect([read.json().refunded, read.json().cancelReason]).toEqual([false, null]);
  });
});
