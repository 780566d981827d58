// The Stripe path over HTTP on both databases, with the real SDK talking to the local Stripe stand-in: the intent
// Stripe is asked for, verification before an order is marked paid, and the signed webhook (right, wrong, stale, replayed).
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call } from '../../helpers/test-app.js';
import { paymentsOf, readOrder } from './payment-fixtures.js';
import { STRIPE_KEYS, useStripeScene } from './stripe-test-app.js';

const signer = new Stripe(STRIPE_KEYS.secret);

describe.each(databases)('Stripe payments on %s', (kind) => {
  const s = useStripeScene(kind);

  function webhook(payload: string, signature?: string) {
    return s.t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload,
    });
  }

  const eventFor = (intent: object, type = 'payment_intent.succeeded', id = 'evt_1') =>
    JSON.stringify({ id, object: 'event', type, data: { object: intent } });
  const sign = (payload: string, secret = STRIPE_KEYS.webhook, ageSeconds = 0) =>
    signer.webhooks.generateTestHeaderString({
      payload,
      secret,
      timestamp: Math.floor(Date.now() / 1000) - ageSeconds,
    });

  it('serves the publishable key and has no sandbox endpoint', async () => {
    const config = await s.t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(config.json()).toEqual({ provider: 'stripe', publishableKey: STRIPE_KEYS.publishable });
    const sandbox = await s.t.app.inject({ method: 'POST', url: '/api/sandbox/confirm', payload: {} });
    expect(sandbox.statusCode).toBe(404);
  });

  it("asks Stripe for the order's total in usd (a price in the body is ignored), keyed by order and amount, with the order id as metadata", async () => {
    const before = s.standIn.requests.length;
    const { orderId, intent, clientSecret } = await s.orderWithIntent({ price: 0.01 });
    expect(clientSecret).toBe(intent.client_secret);
    const sent = s.standIn.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/payment_intents']);
    expect(sent[0]?.headers['idempotency-key']).toBe(`kestrel-order-${orderId}-amount-750000`);
    expect(sent[0]?.form).toMatchObject({ amount: '750000', currency: 'usd', 'metadata[orderId]': orderId });
  });

  it('marks the order paid only once Stripe reports the intent succeeded', async () => {
    const { orderId, intent } = await s.orderWithIntent();
    const early = await call(s.t.app, 'PATCH', `/api/orders/${orderId}`, s.alice, { transactionId: intent.id });
    expect(early.statusCode).toBe(402);
    expect(s.standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${intent.id}` });
    expect(await readOrder(s.t.app, s.alice, orderId)).toMatchObject({ paid: false });

    s.standIn.succeed(intent.id);
    const paid = await call(s.t.app, 'PATCH', `/api/orders/${orderId}`, s.alice, { transactionId: intent.id });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ _id: orderId, paid: true, transactionId: intent.id, price: 7500 });
    expect(await paymentsOf(s.t.app, orderId)).toEqual([
      {
        provider: 'stripe',
        intent_id: intent.id,
        order_id: orderId,
        amount_cents: 750_000,
        currency: 'usd',
        status: 'succeeded',
      },
    ]);
  });

  it('marks the order paid from a signed payment_intent.succeeded, and a replay changes nothing', async () => {
    const { orderId, intent } = await s.orderWithIntent();
    s.standIn.succeed(intent.id);
    const payload = eventFor(intent);
    const res = await webhook(payload, sign(payload));
    expect([res.statusCode, res.json()]).toEqual([200, { received: true, outcome: 'paid' }]);
    expect(await readOrder(s.t.app, s.alice, orderId)).toMatchObject({ paid: true, transactionId: intent.id });
    const snapshot = async () => ({
      order: await s.t.app.db
        .selectFrom('orders')
        .select(['paid_at', 'transaction_id'])
        .where('id', '=', orderId)
        .execute(),
      payments: await s.t.app.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).execute(),
    });
    const before = await snapshot();
    expect(before.payments).toHaveLength(1);

    const replay = await webhook(payload, sign(payload));
    expect([replay.statusCode, replay.json()]).toEqual([200, { received: true, outcome: 'already_paid' }]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a wrong, stale or missing signature and leaves the order unpaid', async () => {
    const { orderId, intent } = await s.orderWithIntent();
    s.standIn.succeed(intent.id);
    const payload = eventFor(intent);
    for (const signature of [sign(payload, 'whsec_not_ours'), sign(payload, STRIPE_KEYS.webhook, 301), undefined]) {
      const res = await webhook(payload, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_signature');
    }
    const reserialised = JSON.stringify(JSON.parse(payload), null, 2);
    expect((await webhook(reserialised, sign(payload))).statusCode).toBe(400);
    expect(await readOrder(s.t.app, s.alice, orderId)).toMatchObject({ paid: false, transactionId: null });
  });

  it('ignores a signed event whose amount differs from the order, and other event types', async () => {
    const { orderId, intent } = await s.orderWithIntent();
    const short = eventFor({ ...intent, status: 'succeeded', amount: 749_999 });
    expect((await webhook(short, sign(short))).json()).toEqual({ received: true, outcome: 'ignored' });
    const created = eventFor(intent, 'payment_intent.created', 'evt_2');
    expect((await webhook(created, sign(created))).json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await readOrder(s.t.app, s.alice, orderId)).toMatchObject({ paid: false });
  });
});
