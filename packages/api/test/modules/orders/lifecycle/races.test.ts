// B2B §4 on both databases: cancelling or deleting an order while it is being paid. The open intent is voided first;
// a charge that already succeeded wins (the order is paid and confirmed, the buyer's cancel or delete answers 409);
// otherwise the order ends and nothing is kept of any charge. Stock always matches what stayed ordered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../../helpers/databases.js';
import { call } from '../../../helpers/test-app.js';
import { clientSecretFor, confirm } from '../../payments/payment-fixtures.js';
import {
  charge,
  createWorld,
  openOrdersOf,
  placeOrder,
  post,
  RACE_STAGES,
  raceWithPayment,
  sandboxIntentsOf,
  stockOf,
  type World,
} from './lifecycle-fixtures.js';

describe.each(databases)('cancel and delete racing a payment on %s', (kind) => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld(kind);
  });
  afterAll(() => w.t.close());

  const charges = async (orderId: string) => {
    const intents = await sandboxIntentsOf(w, orderId);
    return {
      received: intents.reduce((s, x) => s + Number(x.amount_received), 0),
      refunded: intents.reduce((s, x) => s + Number(x.amount_refunded), 0),
    };
  };

  it('a buyer cancelling a pending order whose charge already succeeded gets 409; the order is paid', async () => {
    const order = await placeOrder(w);
    const stock = await stockOf(w);
    const intentId = await charge(w, order._id);
    const res = await post(w, w.alice, `/api/orders/${order._id}/cancel`);
    expect([res.statusCode, res.json()]).toEqual([
      409,
      { error: { code: 'order_paid', message: 'A paid order cannot be cancelled' } },
    ]);
    const read = (await call(w.app, 'GET', `/api/orders/${order._id}`, w.alice)).json();
    expect([read.status, read.paid, read.transactionId]).toEqual(['confirmed', true, intentId]);
    expect(await stockOf(w)).toEqual(stock);

    // The admin may still cancel it: refunded.
    const admin = await post(w, w.admin, `/api/orders/${order._id}/cancel`);
    expect([admin.statusCode, admin.json().status, admin.json().refunded]).toEqual([200, 'cancelled', true]);
    expect(await charges(order._id)).toEqual({ received: 170_000, refunded: 170_000 });
  });

  it('SPEC DELETE of a pending order whose charge already succeeded answers 409; the order is paid', async () => {
    const order = await placeOrder(w);
    const intentId = await charge(w, order._id);
    const res = await call(w.app, 'DELETE', `/api/order/${order._id}`, w.alice);
    expect([res.statusCode, res.json()]).toEqual([
      409,
      { error: { code: 'order_paid', message: 'A paid order cannot be deleted' } },
    ]);
    const read = (await call(w.app, 'GET', `/api/orders/${order._id}`, w.alice)).json();
    expect([read.status, read.paid, read.transactionId]).toEqual(['confirmed', true, intentId]);
  });

  it('deleting or cancelling voids the open intent: it cannot be charged afterwards', async () => {
    const cancelled = await placeOrder(w);
    const deleted = await placeOrder(w);
    const secrets = [
      await clientSecretFor(w.app, w.alice, cancelled._id),
      await clientSecretFor(w.app, w.alice, deleted._id),
    ];
    expect((await post(w, w.alice, `/api/orders/${cancelled._id}/cancel`)).statusCode).toBe(200);
    expect((await call(w.app, 'DELETE', `/api/order/${deleted._id}`, w.alice)).statusCode).toBe(200);
    for (const secret of secrets) expect((await confirm(w.app, secret)).json().status).not.toBe('succeeded');
    expect(await charges(cancelled._id)).toEqual({ received: 0, refunded: 0 });
  });

  for (const action of ['cancel', 'delete'] as const) {
    it(`${action} racing a payment: exactly one wins, stock and charges agree`, async () => {
      const start = await stockOf(w);
      const open = await openOrdersOf(w, w.alice);
      let kept = 0;
      for (let i = 0; i < 12; i++) {
        const order = await placeOrder(w);
        const secret = await clientSecretFor(w.app, w.alice, order._id);
        const stage = RACE_STAGES[i % RACE_STAGES.length] ?? 'before';
        const { payStatus, competed: endStatus } = await raceWithPayment(w, order._id, secret, stage, async () => {
          const res =
            action === 'cancel'
              ? await post(w, w.alice, `/api/orders/${order._id}/cancel`)
              : await call(w.app, 'DELETE', `/api/order/${order._id}`, w.alice);
          return res.statusCode;
        });
        const row = await w.app.db.selectFrom('orders').selectAll().where('id', '=', order._id).executeTakeFirst();
        const money = await charges(order._id);
        // Ended before the charge: it wins; charged before it started: the payment wins; at once: either.
        if (stage === 'before') expect(endStatus).toBe(200);
        if (stage === 'between') expect(endStatus).toBe(409);
        if (endStatus === 200) {
          // The order ended: it is cancelled (or gone), and whatever was charged went back.
          expect(action === 'cancel' ? row?.status : row).toEqual(action === 'cancel' ? 'cancelled' : undefined);
          expect(money.received - money.refunded).toBe(0);
          expect(payStatus).not.toBe(200);
        } else {
          expect(endStatus).toBe(409);
          expect([row?.status, row?.paid_at === null, payStatus]).toEqual(['confirmed', false, 200]);
          expect(money).toEqual({ received: 170_000, refunded: 0 });
          kept += 1;
        }
      }
      expect(await stockOf(w)).toEqual({ gpu: start.gpu - 200 * kept, psu: start.psu - 300 * kept });
      expect(await openOrdersOf(w, w.alice)).toBe(open);
    });
  }
});
