// B2B §4 with Stripe, both databases, the real SDK against the local stand-in: voiding an order's intent (or settling
// the order when Stripe says it was charged first), refunding a paid order once, and a late charge notified by the
// webhook (order cancelled or deleted) refunded at once, a replayed event refunding nothing more.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call } from '../../helpers/test-app.js';
import { forgetOrder, paymentOfIntent, placeOrder, readOrder, setStatus } from './payment-fixtures.js';
import { STRIPE_KEYS, useStripeScene } from './stripe-test-app.js';

const signer = new Stripe(STRIPE_KEYS.secret);
const TOTAL_CENTS = 750_000;

describe.each(databases)('Stripe voids and refunds on %s', (kind) => {
  const s = useStripeScene(kind, { availableQuantity: 1_000_000 });

  const refundsOf = (intentId: string) => s.standIn.refunds.filter((r) => r.payment_intent === intentId);
  const sentSince = (before: number) => s.standIn.requests.slice(before).map((r) => `${r.method} ${r.path}`);

  function webhook(intent: object) {
    const payload = JSON.stringify({
      id: 'evt_late',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: intent },
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: STRIPE_KEYS.webhook });
    return s.t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  it('asks Stripe nothing for an order without an intent', async () => {
    const orderId = await placeOrder(s.t.app, s.alice, s.productId, 2000);
    const before = s.standIn.requests.length;
    expect(await s.t.app.payments.releaseIntent(orderId)).toBe('none');
    expect(s.standIn.requests.length).toBe(before);
  });

  it('voids the open intent at Stripe', async () => {
    const { orderId, intent } = await s.orderWithIntent();
    const before = s.standIn.requests.length;
    expect(await s.t.app.payments.releaseIntent(orderId)).toBe('voided');
    expect(sentSince(before)).toEqual([`POST /v1/payment_intents/${intent.id}/cancel`]);
    expect(s.standIn.intents.get(intent.id)?.status).toBe('canceled');
    expect(await paymentOfIntent(s.t.app, intent.id)).toMatchObject({ status: 'canceled' });
    // The void is recorded: asking again does not go back to Stripe.
    const again = s.standIn.requests.length;
    expect(await s.t.app.payments.releaseIntent(orderId)).toBe('voided');
    expect(s.standIn.requests.length).toBe(again);
  });

  it("settles the order when Stripe says the intent was charged first, answering 'succeeded'", async () => {
    const { orderId, intent } = await s.orderWithIntent();
    s.standIn.succeed(intent.id);
    expect(await s.t.app.payments.releaseIntent(orderId)).toBe('succeeded');
    expect(await readOrder(s.t.app, s.alice, orderId)).toMatchObject({ paid: true, transactionId: intent.id });
    expect(await paymentOfIntent(s.t.app, intent.id)).toMatchObject({ status: 'succeeded', refunded_at: null });
    expect(refundsOf(intent.id)).toEqual([]);
  });

  it('refunds a paid order once when two refunds race, and not again later', async () => {
    const { orderId, intent } = await s.orderWithIntent();
    s.standIn.succeed(intent.id);
    const paid = await call(s.t.app, 'PATCH', `/api/orders/${orderId}`, s.alice, { transactionId: intent.id });
    expect(paid.statusCode).toBe(200);

    await Promise.all([s.t.app.payments.refundOrder(orderId), s.t.app.payments.refundOrder(orderId)]);
    const [refund] = refundsOf(intent.id);
    expect(refundsOf(intent.id)).toEqual([expect.objectContaining({ amount: TOTAL_CENTS, currency: 'usd' })]);
    const record = await paymentOfIntent(s.t.app, intent.id);
    expect(record).toMatchObject({ status: 'succeeded', refund_id: refund?.id });
    const before = s.standIn.requests.length;
    await s.t.app.payments.refundOrder(orderId);
    expect(s.standIn.requests.length).toBe(before);
    expect(await paymentOfIntent(s.t.app, intent.id)).toEqual(record);
  });

  it('refunds a charge notified after the order was cancelled, and a replayed event refunds nothing more', async () => {
    const { orderId, intent } = await s.orderWithIntent();
    await setStatus(s.t.app, orderId, 'cancelled');
    s.standIn.succeed(intent.id);
    const charged = { ...intent, status: 'succeeded' };
    const res = await webhook(charged);
    expect([res.statusCode, res.json()]).toEqual([200, { received: true, outcome: 'refunded' }]);
    expect(refundsOf(intent.id)).toEqual([expect.objectContaining({ amount: TOTAL_CENTS })]);
    expect(await readOrder(s.t.app, s.alice, orderId)).toMatchObject({ paid: false, transactionId: null });
    const record = await paymentOfIntent(s.t.app, intent.id);
    expect(record).toMatchObject({ status: 'succeeded', refund_id: refundsOf(intent.id)[0]?.id });

    const before = s.standIn.requests.length;
    const replay = await webhook(charged);
    expect([replay.statusCode, replay.json()]).toEqual([200, { received: true, outcome: 'refunded' }]);
    expect(sentSince(before)).toEqual([]);
    expect(refundsOf(intent.id)).toHaveLength(1);
    expect(await paymentOfIntent(s.t.app, intent.id)).toEqual(record);

    // The buyer's page reporting the same charge gets the 409, and still one refund.
    const patch = await call(s.t.app, 'PATCH', `/api/orders/${orderId}`, s.alice, { transactionId: intent.id });
    expect([patch.statusCode, patch.json().error.code]).toEqual([409, 'order_not_payable']);
    expect(refundsOf(intent.id)).toHaveLength(1);
  });

  it('refunds a charge notified for an order deleted meanwhile', async () => {
    const { orderId, intent } = await s.orderWithIntent();
    await forgetOrder(s.t.app, orderId);
    s.standIn.succeed(intent.id);
    const res = await webhook({ ...intent, status: 'succeeded' });
    expect([res.statusCode, res.json()]).toEqual([200, { received: true, outcome: 'refunded' }]);
    expect(refundsOf(intent.id)).toEqual([expect.objectContaining({ amount: TOTAL_CENTS })]);
    expect(await paymentOfIntent(s.t.app, intent.id)).toMatchObject({ refund_id: refundsOf(intent.id)[0]?.id });
    expect((await webhook({ ...intent, status: 'succeeded' })).json().outcome).toBe('refunded');
    expect(refundsOf(intent.id)).toHaveLength(1);
  });

  it('ignores a charge naming an order the shop never opened an intent for', async () => {
    const stray = {
      id: 'pi_stray0000000000000001',
      object: 'payment_intent',
      amount: 100,
      currency: 'usd',
      status: 'succeeded',
      client_secret: null,
      metadata: { orderId: '0123456789abcdef01234567' },
      last_payment_error: null,
    };
    const before = s.standIn.requests.length;
    expect((await webhook(stray)).json()).toEqual({ received: true, outcome: 'ignored' });
    expect(s.standIn.requests.length).toBe(before);
  });
});
