// Issue #17, finding 5: PATCH /api/orders/{id} with a transactionId the shop never created for that order is refused
// with 400 unknown_transaction (or 404 for an order that is not the caller's) without asking Stripe: before the fix
// each made-up intent id cost a provider call. A late charge of a deleted order is still refunded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../helpers/databases.js';
import { ADMIN, addProduct, call, logIn, signUp, type SignedIn } from '../helpers/test-app.js';
import { forgetOrder, placeOrder, readOrder } from '../payments/payment-fixtures.js';
import { startStripeStandIn, type StripeStandIn } from '../payments/stripe-stand-in.js';
import { createStripeTestApp, type StripeTestApp } from '../payments/stripe-test-app.js';

const UNKNOWN = { error: { code: 'unknown_transaction', message: 'No payment with this transactionId exists' } };

describe.each(databases)('made-up intent ids on %s', (kind) => {
  let standIn: StripeStandIn;
  let t: StripeTestApp;
  let alice: SignedIn;
  let productId: string;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await createStripeTestApp(kind, standIn.port);
    const admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    productId = await addProduct(t.app, admin, { name: 'Kestrel Fan 120', price: 3.75, availableQuantity: 1_000_000 });
    alice = await signUp(t.app, 'Alice Buyer', 'alice@example.com');
  });
  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  async function orderWithIntent() {
    const orderId = await placeOrder(t.app, alice, productId, 2000);
    const res = await call(t.app, 'POST', '/api/create-payment-intent', alice, { orderId });
    expect(res.statusCode).toBe(200);
    const intent = [...standIn.intents.values()].find((i) => i.metadata.orderId === orderId);
    if (!intent) throw new Error('no intent reached the stand-in');
    return { orderId, intentId: intent.id };
  }
  const pay = (orderId: string, transactionId: string) =>
    call(t.app, 'PATCH', `/api/orders/${orderId}`, alice, { transactionId });

  it('refuses made-up ids with 400 unknown_transaction and zero Stripe requests', async () => {
    const { orderId } = await orderWithIntent();
    const before = standIn.requests.length;
    const answers = [];
    for (let i = 0; i < 5; i++) {
      const res = await pay(orderId, `pi_madeup${String(i).padStart(16, '0')}`);
      answers.push([res.statusCode, res.json()]);
    }
    expect(answers).toEqual(Array(5).fill([400, UNKNOWN]));
    expect(standIn.requests.length - before).toBe(0);
    expect(await readOrder(t.app, alice, orderId)).toMatchObject({ paid: false, transactionId: null });
  });

  it("refuses another order's intent without a Stripe request", async () => {
    const first = await orderWithIntent();
    const second = await orderWithIntent();
    standIn.succeed(first.intentId);
    const before = standIn.requests.length;
    const res = await pay(second.orderId, first.intentId);
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { error: { code: 'transaction_mismatch', message: 'This transaction is not a payment of this order' } },
    ]);
    expect(standIn.requests.length - before).toBe(0);
  });

  it('a made-up id for an unknown order is a plain 404 without a Stripe request', async () => {
    const before = standIn.requests.length;
    const res = await pay('0123456789abcdef01234567', 'pi_madeup0000000000000099');
    expect([res.statusCode, res.json()]).toEqual([404, { error: { code: 'not_found', message: 'Order not found' } }]);
    expect(standIn.requests.length - before).toBe(0);
  });

  it("still pays with the order's own intent, and still refunds the late charge of a deleted order", async () => {
    const paid = await orderWithIntent();
    standIn.succeed(paid.intentId);
    const ok = await pay(paid.orderId, paid.intentId);
    expect([ok.statusCode, ok.json().paid]).toEqual([200, true]);

    const gone = await orderWithIntent();
    await forgetOrder(t.app, gone.orderId);
    standIn.succeed(gone.intentId);
    const late = await pay(gone.orderId, gone.intentId);
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'order_not_payable']);
    expect(standIn.refunds.filter((r) => r.payment_intent === gone.intentId)).toHaveLength(1);
  });
});
