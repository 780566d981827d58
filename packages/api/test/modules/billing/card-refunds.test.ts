// Card refunds of partial credits (B2B §14) on both databases: after a credit note of a card order commits, its
// refund is made at the provider for exactly its total, once per credit note however often or concurrently asked,
// the sandbox refusing more than is left of the charge; against Stripe's local stand-in with the real SDK too; and a
// refund that fails stays due and is made by the next run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardRefunds, refundKeyForCredit } from '../../../src/modules/billing/card-refunds.js';
import { creditOrder, type CreditLine } from '../../../src/modules/billing/refunds.js';
import type { PaymentProvider } from '../../../src/modules/payments/payment-provider.js';
import { databases } from '../../helpers/databases.js';
import { call } from '../../helpers/test-app.js';
import { createWorld, payByCard, placeOrder, type World } from '../orders/lifecycle/lifecycle-fixtures.js';
import { useStripeScene } from '../payments/stripe-test-app.js';
import type { FastifyInstance } from 'fastify';

const quiet = { error: () => undefined };

function refundsOf(app: FastifyInstance, provider: () => PaymentProvider | undefined) {
  return createCardRefunds({ db: app.db, refunder: provider, now: () => new Date(), log: quiet });
}

async function credit(app: FastifyInstance, orderId: string, lines: CreditLine[]): Promise<string> {
  const issued = await app.db
    .transaction()
    .execute((trx) => creditOrder(trx, { orderId, lines, reason: 'return', at: new Date().toISOString() }));
  if (!issued) throw new Error('not credited');
  return issued.creditNoteNumber;
}

const refundedAt = async (app: FastifyInstance, number: string) =>
  (
    await app.db
      .selectFrom('credit_notes')
      .select(['refunded_at', 'refund_id'])
      .where('number', '=', number)
      .executeTakeFirstOrThrow()
  ).refunded_at;

describe.each(databases)('card refunds of credits on %s (sandbox)', (kind) => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld(kind);
  });
  afterAll(() => w.t.close());

  const sandboxOf = (intentId: string) =>
    w.app.db
      .selectFrom('sandbox_intents')
      .select(['amount_refunded'])
      .where('id', '=', intentId)
      .executeTakeFirstOrThrow();

  it('refunds each credit note once for exactly its total, however many ask at once', async () => {
    const o = await placeOrder(w); // $1,700
    const intentId = await payByCard(w, o._id);
    const first = await credit(w.app, o._id, [{ productId: w.gpu, quantity: 20 }]); // $50.00
    const second = await credit(w.app, o._id, [{ productId: w.psu, quantity: 10 }]); // $40.00
    const refunds = refundsOf(w.app, () => w.app.payments.provider);
    const made = await Promise.all([
      refunds.refundCredits([first, second]),
      refunds.refundCredits([first]),
      refunds.refundAllDue(),
    ]);
    expect(made.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2);
    const rows = await w.app.db
      .selectFrom('sandbox_refunds')
      .select(['key', 'amount_cents'])
      .where('intent_id', '=', intentId)
      .orderBy('amount_cents')
      .execute();
    expect(rows).toEqual([
      { key: refundKeyForCredit(second), amount_cents: 4_000 },
      { key: refundKeyForCredit(first), amount_cents: 5_000 },
    ]);
    expect(Number((await sandboxOf(intentId)).amount_refunded)).toBe(9_000);
    expect(await refundedAt(w.app, first)).not.toBeNull();
    expect(await refundedAt(w.app, second)).not.toBeNull();
    // Nothing is due any more: another run refunds nothing.
    expect(await refunds.refundAllDue()).toBe(0);
    const order = (await call(w.app, 'GET', `/api/orders/${o._id}`, w.alice)).json();
    expect(order.refundedTotal).toBe(90);
  });

  it('never refunds past the charge, and keeps a failed refund due for the next run', async () => {
    const o = await placeOrder(w);
    const intentId = await payByCard(w, o._id);
    const provider = w.app.payments.provider;
    // $1,700 charged: a key of its own asking $1,699.99 fits, $0.02 more does not.
    await expect(provider.refund(intentId, 169_999, 'test-a')).resolves.toMatchObject({ id: expect.any(String) });
    await expect(provider.refund(intentId, 2, 'test-b')).rejects.toMatchObject({ statusCode: 400 });
    expect(Number((await sandboxOf(intentId)).amount_refunded)).toBe(169_999);

    const o2 = await placeOrder(w);
    await payByCard(w, o2._id);
    const number = await credit(w.app, o2._id, [{ productId: w.gpu, quantity: 4 }]); // $10.00
    let down = true;
    const flaky = refundsOf(w.app, () => ({
      ...provider,
      refund: (id: string, cents: number, key?: string) =>
        down ? Promise.reject(new Error('provider down')) : provider.refund(id, cents, key),
    }));
    expect(await flaky.refundCredits([number])).toBe(0);
    expect(await refundedAt(w.app, number)).toBeNull();
    down = false;
    expect(await flaky.refundAllDue()).toBe(1);
    expect(await refundedAt(w.app, number)).not.toBeNull();
  });
});

describe.each(databases)('card refunds of credits on %s (Stripe stand-in)', (kind) => {
  const s = useStripeScene(kind, { availableQuantity: 1_000_000 });

  it('refunds each credit note at Stripe once, for its own amount', async () => {
    const { orderId, intent } = await s.orderWithIntent();
    s.standIn.succeed(intent.id);
    const paid = await call(s.t.app, 'PATCH', `/api/orders/${orderId}`, s.alice, { transactionId: intent.id });
    expect(paid.statusCode).toBe(200);
    // 2,000 fans at $3.75: credit 10 ($37.50) and 4 ($15.00).
    const first = await credit(s.t.app, orderId, [{ productId: s.productId, quantity: 10 }]);
    const second = await credit(s.t.app, orderId, [{ productId: s.productId, quantity: 4 }]);
    const refunds = refundsOf(s.t.app, () => s.t.app.payments.provider);
    await Promise.all([refunds.refundCredits([first, second]), refunds.refundCredits([second])]);
    expect(await refunds.refundAllDue()).toBe(0);
    expect(
      s.standIn.refunds
        .filter((r) => r.payment_intent === intent.id)
        .map((r) => r.amount)
        .sort((a, b) => a - b),
    ).toEqual([1_500, 3_750]);
  });
});
