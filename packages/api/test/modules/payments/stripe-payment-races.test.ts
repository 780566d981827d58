// Issue #24 with Stripe, both databases, the real SDK against the local stand-in: a cancel racing create-payment-intent
// leaves no intent that can still be charged, and the payment sweep refunds a charge that landed on a cancelled order
// that no browser or webhook reported.
import { describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call } from '../../helpers/test-app.js';
import { placeOrder } from './payment-fixtures.js';
import { useStripeScene } from './stripe-test-app.js';

const TRIES = 30;

describe.each(databases)('Stripe payment races on %s', (kind) => {
  const s = useStripeScene(kind, { availableQuantity: 1_000_000 });
  const intentsOf = (orderId: string) => [...s.standIn.intents.values()].filter((i) => i.metadata.orderId === orderId);

  it(`a cancel racing create-payment-intent leaves no chargeable intent (${TRIES} tries)`, async () => {
    const orderIds: string[] = [];
    for (let i = 0; i < TRIES; i++) {
      const orderId = await placeOrder(s.t.app, s.alice, s.productId, 2000);
      orderIds.push(orderId);
      const [cancel, intent] = await Promise.all([
        call(s.t.app, 'POST', `/api/orders/${orderId}/cancel`, s.alice, {}),
        call(s.t.app, 'POST', '/api/create-payment-intent', s.alice, { orderId }),
      ]);
      expect(cancel.statusCode).toBe(200);
      expect([200, 409]).toContain(intent.statusCode);
    }
    // Whatever Stripe opened for these orders was voided before the cancel answered: Stripe.js could charge none.
    const left = orderIds.flatMap(intentsOf).filter((i) => i.status !== 'canceled');
    expect(left).toEqual([]);
  });

  it('the sweep refunds a charge Stripe took for a cancelled order, once', async () => {
    const { orderId, intent } = await s.orderWithIntent();
    // As a crash between a cancel's commit and its voids would leave it, then the card charged and never reported.
    await s.t.app.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', orderId).execute();
    s.standIn.succeed(intent.id);
    expect(await s.t.app.payments.sweep()).toEqual({ voided: 0, refunded: 1 });
    expect(s.standIn.refunds.filter((r) => r.payment_intent === intent.id).map((r) => r.amount)).toEqual([750_000]);
    expect(await s.t.app.payments.sweep()).toEqual({ voided: 0, refunded: 0 });
    expect(s.standIn.refunds.filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
  });
});
