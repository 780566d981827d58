// B2B §4's holds on both databases: an order awaiting payment or approval past its expires_at expires exactly once
// (stock back, uncounted, one mail), also when expiry passes overlap; a charge that already succeeded wins over the
// expiry; a refund left owing after a cancel is completed by the next pass.
import type { Order } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../../helpers/databases.js';
import { call } from '../../../helpers/test-app.js';
import { clientSecretFor, confirm, intentIdOf } from '../../payments/payment-fixtures.js';
import {
  arrange,
  charge,
  createWorld,
  mailsOf,
  openOrdersOf,
  orderRow,
  payByCard,
  placeOrder,
  RACE_STAGES,
  raceWithPayment,
  sandboxIntentsOf,
  stockOf,
  type World,
} from './lifecycle-fixtures.js';

const PAST = '2026-01-01T00:00:00.000Z';

describe.each(databases)('order expiry on %s', (kind) => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld(kind);
  });
  afterAll(() => w.t.close());

  const expired = async (ids: string[]) =>
    (await w.app.db.selectFrom('orders').select('id').where('status', '=', 'expired').execute())
      .map((r) => r.id)
      .filter((id) => ids.includes(id));

  it('expires pending and awaiting-approval orders past their hold, once; stock, open orders, history, mail', async () => {
    const stock = await stockOf(w);
    const open = await openOrdersOf(w, w.alice);
    const pending = await placeOrder(w);
    const unapproved = await placeOrder(w);
    const notYet = await placeOrder(w);
    await arrange(w, pending._id, { expires_at: PAST });
    await arrange(w, unapproved._id, { status: 'awaiting_approval', expires_at: PAST });
    expect(await openOrdersOf(w, w.alice)).toBe(open + 3);

    expect(await w.app.orders.expireDue()).toEqual({ expired: 2, paid: 0, refunded: 0 });
    expect(await w.app.orders.expireDue()).toEqual({ expired: 0, paid: 0, refunded: 0 });

    expect(await stockOf(w)).toEqual({ gpu: stock.gpu - 200, psu: stock.psu - 300 });
    expect(await openOrdersOf(w, w.alice)).toBe(open + 1);
    expect((await orderRow(w, notYet._id)).status).toBe('pending');
    const read = await call(w.app, 'GET', `/api/orders/${pending._id}`, w.alice);
    const body: Order = read.json();
    expect([body.status, body.refunded, body.cancelReason]).toEqual(['expired', false, null]);
    expect(body.statusHistory.map((s) => s.status)).toEqual(['pending', 'expired']);
    for (const order of [pending, unapproved]) {
      const mails = (await mailsOf(w, order._id)).filter((m) => m.kind === 'order-cancelled');
      expect(mails.map((m) => [m.dedupe_key, m.to_address, m.subject])).toEqual([
        [`order-expired:${order._id}`, 'alice@example.com', `Order ${order.number} expired (PO PO-77)`],
      ]);
    }
    // An expired order cannot be paid any more: no intent is opened for it.
    const intent = await call(w.app, 'POST', '/api/create-payment-intent', w.alice, { orderId: pending._id });
    expect(intent.statusCode).toBe(409);
  });

  it('several passes at once expire each of 20 orders exactly once', async () => {
    const stock = await stockOf(w);
    const open = await openOrdersOf(w, w.alice);
    const orders = [];
    for (let i = 0; i < 20; i++) orders.push(await placeOrder(w));
    const ids = orders.map((o) => o._id);
    await w.app.db.updateTable('orders').set({ expires_at: PAST }).where('id', 'in', ids).execute();

    const reports = await Promise.all([w.app.orders.expireDue(), w.app.orders.expireDue(), w.app.orders.expireDue()]);
    expect(reports.reduce((sum, r) => sum + r.expired, 0)).toBe(20);
    expect((await expired(ids)).length).toBe(20);
    expect(await stockOf(w)).toEqual(stock);
    expect(await openOrdersOf(w, w.alice)).toBe(open);
    const mails = await w.app.db
      .selectFrom('mail_outbox')
      .select('dedupe_key')
      .where(
        'dedupe_key',
        'in',
        ids.map((id) => `order-expired:${id}`),
      )
      .execute();
    expect(mails.length).toBe(20);
    for (const order of orders) {
      const history = JSON.parse((await orderRow(w, order._id)).status_history) as Array<{ status: string }>;
      expect(history.map((s) => s.status)).toEqual(['pending', 'expired']);
    }
  });

  it('a due order whose charge already succeeded is paid, not expired', async () => {
    const order = await placeOrder(w);
    const stock = await stockOf(w);
    const intentId = await charge(w, order._id);
    await arrange(w, order._id, { expires_at: PAST });
    expect(await w.app.orders.expireDue()).toEqual({ expired: 0, paid: 1, refunded: 0 });
    const row = await orderRow(w, order._id);
    expect([row.status, row.transaction_id, row.paid_at === null]).toEqual(['confirmed', intentId, false]);
    expect(await stockOf(w)).toEqual(stock);
    expect(await sandboxIntentsOf(w, order._id)).toEqual([
      { id: intentId, status: 'succeeded', amount_received: 170_000, amount_refunded: 0 },
    ]);
  });

  it("a due order's open intent is voided: it cannot be charged after the order expired", async () => {
    const order = await placeOrder(w);
    const secret = await clientSecretFor(w.app, w.alice, order._id);
    await arrange(w, order._id, { expires_at: PAST });
    expect(await w.app.orders.expireDue()).toEqual({ expired: 1, paid: 0, refunded: 0 });
    const late = await confirm(w.app, secret);
    expect(late.json().status).not.toBe('succeeded');
    expect(await sandboxIntentsOf(w, order._id)).toEqual([
      { id: intentIdOf(secret), status: 'canceled', amount_received: 0, amount_refunded: 0 },
    ]);
    expect((await orderRow(w, order._id)).status).toBe('expired');
  });

  it('expiry racing a payment: exactly one of paid-and-confirmed or expired-with-nothing-kept', async () => {
    const start = await stockOf(w);
    let taken = 0;
    for (let i = 0; i < 12; i++) {
      const order = await placeOrder(w);
      const secret = await clientSecretFor(w.app, w.alice, order._id);
      await arrange(w, order._id, { expires_at: PAST });
      const stage = RACE_STAGES[i % RACE_STAGES.length] ?? 'before';
      const { payStatus } = await raceWithPayment(w, order._id, secret, stage, () => w.app.orders.expireDue());
      // Whatever the interleaving, a pass after both has nothing left to do for this order.
      await w.app.orders.expireDue();
      const row = await orderRow(w, order._id);
      const intents = await sandboxIntentsOf(w, order._id);
      const received = intents.reduce((s, x) => s + Number(x.amount_received), 0);
      const refunded = intents.reduce((s, x) => s + Number(x.amount_refunded), 0);
      // Expired before the charge: it wins; charged before the pass: the payment wins; at once: either.
      if (stage === 'before') expect(row.status).toBe('expired');
      if (stage === 'between') expect(row.status).toBe('confirmed');
      if (row.status === 'confirmed') {
        expect([row.paid_at === null, received, refunded]).toEqual([false, 170_000, 0]);
        taken += 1;
      } else {
        expect(row.status).toBe('expired');
        expect([row.paid_at, received - refunded]).toEqual([null, 0]);
        expect(payStatus).not.toBe(200);
      }
    }
    expect(await stockOf(w)).toEqual({ gpu: start.gpu - 200 * taken, psu: start.psu - 300 * taken });
  });

  it('a refund left owing after a cancel (a crash between the two steps) is completed by the next pass', async () => {
    const order = await placeOrder(w);
    const intentId = await payByCard(w, order._id);
    const row = await orderRow(w, order._id);
    // As if the admin's cancel committed and the process died before the provider's refund.
    const history = [...JSON.parse(row.status_history), { status: 'cancelled', at: new Date().toISOString() }];
    await arrange(w, order._id, {
      status: 'cancelled',
      status_history: JSON.stringify(history),
      cancel_reason: 'Crash',
    });

    expect(await w.app.orders.expireDue()).toEqual({ expired: 0, paid: 0, refunded: 1 });
    expect(await w.app.orders.expireDue()).toEqual({ expired: 0, paid: 0, refunded: 0 });
    const read: Order = (await call(w.app, 'GET', `/api/orders/${order._id}`, w.alice)).json();
    expect([read.status, read.refunded, read.cancelReason]).toEqual(['cancelled', true, 'Crash']);
    expect(await sandboxIntentsOf(w, order._id)).toEqual([
      { id: intentId, status: 'succeeded', amount_received: 170_000, amount_refunded: 170_000 },
    ]);
    const mails = (await mailsOf(w, order._id)).filter((m) => m.kind === 'order-cancelled');
    expect(mails.map((m) => m.dedupe_key)).toEqual([`order-cancelled:${order._id}`]);
    expect(mails[0]?.text).toMatch(/Refunded: +\$1,700\.00/);
  });
});
