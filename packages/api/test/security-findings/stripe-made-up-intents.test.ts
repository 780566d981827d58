// Issue #17, finding 5: PATCH /api/orders/{id} with a transactionId the shop never created for that order is refused
// with 400 unknown_transaction (or 404 for an order that is not the caller's) without asking Stripe: before the fix
// each made-up intent id cost a provider call. A late charge of a deleted order is still refunded.
import { describe, expect, it } from 'vitest';
import { databases } from '../helpers/databases.js';
import { call } from '../helpers/test-app.js';
import { forgetOrder, readOrder } from '../modules/payments/payment-fixtures.js';
import { useStripeScene } from '../modules/payments/stripe-test-app.js';

const UNKNOWN = { error: { code: 'unknown_transaction', message: 'No payment with this transactionId exists' } };

describe.each(databases)('made-up intent ids on %s', (kind) => {
  const s = useStripeScene(kind, { availableQuantity: 1_000_000 });

  const pay = (orderId: string, transactionId: string) =>
    call(s.t.app, 'PATCH', `/api/orders/${orderId}`, s.alice, { transactionId });

  it('refuses made-up ids with 400 unknown_transaction and zero Stripe requests', async () => {
    const { orderId } = await s.orderWithIntent();
    const before = s.standIn.requests.length;
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const res = await pay(orderId, `pi_madeup${String(i).padStart(16, '0')}`);
      answers.push([res.statusCode, res.json()]);
    }
    expect(answers).toEqual(Array(5).fill([400, UNKNOWN]));
    expect(s.standIn.requests.length - before).toBe(0);
    expect(await readOrder(s.t.app, s.alice, orderId)).toMatchObject({ paid: false, transactionId: null });
  });

  it("refuses another order's intent without a Stripe request", async () => {
    const first = await s.orderWithIntent();
    const second = await s.orderWithIntent();
    s.standIn.succeed(first.intent.id);
    const before = s.standIn.requests.length;
    const res = await pay(second.orderId, first.intent.id);
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { error: { code: 'transaction_mismatch', message: 'This transaction is not a payment of this order' } },
    ]);
    expect(s.standIn.requests.length - before).toBe(0);
  });

  it('a made-up id for an unknown order is a plain 404 without a Stripe request', async () => {
    const before = s.standIn.requests.length;
    const res = await pay('0123456789abcdef01234567', 'pi_madeup0000000000000099');
    expect([res.statusCode, res.json()]).toEqual([404, { error: { code: 'not_found', message: 'Order not found' } }]);
    expect(s.standIn.requests.length - before).toBe(0);
  });

  it("still pays with the order's own intent, and still refunds the late charge of a deleted order", async () => {
    const paid = await s.orderWithIntent();
    s.standIn.succeed(paid.intent.id);
    const ok = await pay(paid.orderId, paid.intent.id);
    expect([ok.statusCode, ok.json().paid]).toEqual([200, true]);

    const gone = await s.orderWithIntent();
    await forgetOrder(s.t.app, gone.orderId);
    s.standIn.succeed(gone.intent.id);
    const late = await pay(gone.orderId, gone.intent.id);
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'order_not_payable']);
    expect(s.standIn.refunds.filter((r) => r.payment_intent === gone.intent.id)).toHaveLength(1);
  });
});
