// Issue 47 (B2B §4) on both databases, the Stripe webhook path with the real SDK against the local stand-in: the
// payer lost the right to pay (they joined a company as a viewer) after opening the payment; Stripe's signed
// payment_intent.succeeded does not mark the order paid but refunds the charge at once, records it and mails the payer.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { paymentOfIntent } from './payment-fixtures.js';
import { STRIPE_KEYS, useStripeScene } from './stripe-test-app.js';

const signer = new Stripe(STRIPE_KEYS.secret);
const AT = '2026-01-01T00:00:00.000Z';

describe.each(databases)('Stripe: a payer who lost the right to pay on %s', (kind) => {
  const s = useStripeScene(kind);

  it('refunds the charge a signed webhook reports, keeps the order unpaid and mails the payer', async () => {
    const { orderId, intent } = await s.orderWithIntent();
    await s.t.app.db
      .insertInto('companies')
      .values({
        id: 'bbbbbbbbbbbbbbbbbbbbbbb1',
        name: 'Viewers Ltd',
        billing_address: '2 Dock Road',
        payment_terms: 'card',
        credit_limit_cents: null,
        created_at: AT,
        updated_at: AT,
      })
      .execute();
    await s.t.app.db
      .insertInto('company_members')
      .values({
        user_id: s.alice.id,
        company_id: 'bbbbbbbbbbbbbbbbbbbbbbb1',
        role: 'viewer',
        spending_limit_cents: null,
        joined_at: AT,
      })
      .execute();
    s.standIn.succeed(intent.id);
    const payload = JSON.stringify({
      id: 'evt_47',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: intent },
    });
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: STRIPE_KEYS.webhook }),
      },
      payload,
    });
    expect([res.statusCode, res.json()]).toEqual([200, { received: true, outcome: 'refunded' }]);
    const refunds = s.standIn.refunds.filter((r) => r.payment_intent === intent.id);
    expect(refunds.map((r) => r.amount)).toEqual([750_000]); // 2,000 x $3.75
    expect((await paymentOfIntent(s.t.app, intent.id))?.refund_id).toBe(refunds[0]?.id);
    const order = await s.t.app.db
      .selectFrom('orders')
      .select(['status', 'paid_at', 'number'])
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect([order.status, order.paid_at]).toEqual(['pending', null]);
    const mails = await s.t.app.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject'])
      .where('dedupe_key', '=', `payment-refunded:${intent.id}`)
      .execute();
    expect(mails).toEqual([{ to_address: 'alice@example.com', subject: `Order ${order.number} payment refunded` }]);
  });
});
