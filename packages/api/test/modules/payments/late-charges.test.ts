// B2B §4 on the sandbox, both databases: a charge that succeeds for an order no longer `pending` (cancelled, expired)
// or no longer there is refunded at once and answered 409 order_not_payable; reporting it again refunds nothing more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import { buildWorld } from '../../helpers/world.js';
import {
  clientSecretFor,
  confirm,
  forgetOrder,
  intentIdOf,
  paymentOfIntent,
  placeOrder,
  readOrder,
  sandboxIntent,
  setStatus,
} from './payment-fixtures.js';

const TOTAL_CENTS = 899_000;
const REFUNDED = {
  error: { code: 'order_not_payable', message: 'This order can no longer be paid; the payment was refunded' },
};

describe.each(databases)('late charges on %s', (kind) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let productId: string;
  const pay = (who: SignedIn, orderId: string, transactionId: string) =>
    call(t.app, 'PATCH', `/api/orders/${orderId}`, who, { transactionId });

  beforeAll(async () => {
    ({
      t,
      people: { alice, bob },
      products: { psu: productId },
    } = await buildWorld(kind, {
      people: { alice: ['Alice Buyer', 'alice@example.com'], bob: ['Bob Other', 'bob@example.com'] },
      products: { psu: { name: 'Kestrel PSU 750W', price: 8.99, availableQuantity: 1_000_000 } },
    }));
  });
  afterAll(() => t.close());

  /** An order whose page holds a client secret, then stops being payable, then the card is charged anyway. */
  async function chargedAfter(change: (orderId: string) => Promise<void>) {
    const orderId = await placeOrder(t.app, alice, productId);
    const secret = await clientSecretFor(t.app, alice, orderId);
    await change(orderId);
    expect((await confirm(t.app, secret)).json().status).toBe('succeeded');
    return { orderId, intentId: intentIdOf(secret) };
  }

  async function expectRefundedOnce(intentId: string) {
    const book = await sandboxIntent(t.app, intentId);
    expect(book).toMatchObject({ amount_received: TOTAL_CENTS, amount_refunded: TOTAL_CENTS });
    expect(book.refund_id).toMatch(/^re_/);
    const record = await paymentOfIntent(t.app, intentId);
    expect(record).toMatchObject({ status: 'succeeded', refund_id: book.refund_id });
    return record;
  }

  it.each(['cancelled', 'expired'] as const)(
    'refunds a charge reported after the order was %s, answering 409',
    async (status) => {
      const { orderId, intentId } = await chargedAfter((id) => setStatus(t.app, id, status));
      const res = await pay(alice, orderId, intentId);
      expect([res.statusCode, res.json()]).toEqual([409, REFUNDED]);
      const record = await expectRefundedOnce(intentId);
      expect(await readOrder(t.app, alice, orderId)).toMatchObject({ paid: false, transactionId: null });
      const row = await t.app.db
        .selectFrom('orders')
        .select(['status', 'paid_at'])
        .where('id', '=', orderId)
        .executeTakeFirst();
      expect(row).toEqual({ status, paid_at: null });

      // Reported again: the same answer, and the refund already made is not made twice.
      const again = await pay(alice, orderId, intentId);
      expect([again.statusCode, again.json()]).toEqual([409, REFUNDED]);
      expect(await paymentOfIntent(t.app, intentId)).toEqual(record);
    },
  );

  it('refunds a charge found when the page of a cancelled order asks for an intent again', async () => {
    const orderId = await placeOrder(t.app, alice, productId);
    const secret = await clientSecretFor(t.app, alice, orderId);
    expect((await confirm(t.app, secret)).json().status).toBe('succeeded');
    await setStatus(t.app, orderId, 'cancelled');
    const res = await call(t.app, 'POST', '/api/create-payment-intent', alice, { orderId });
    expect([res.statusCode, res.json()]).toEqual([409, REFUNDED]);
    await expectRefundedOnce(intentIdOf(secret));
    expect(await readOrder(t.app, alice, orderId)).toMatchObject({ paid: false });
  });

  it('refunds the charge of an order that was deleted meanwhile', async () => {
    const { orderId, intentId } = await chargedAfter((id) => forgetOrder(t.app, id));
    const res = await pay(alice, orderId, intentId);
    expect([res.statusCode, res.json()]).toEqual([409, REFUNDED]);
    const record = await expectRefundedOnce(intentId);
    const again = await pay(alice, orderId, intentId);
    expect([again.statusCode, again.json()]).toEqual([409, REFUNDED]);
    expect(await paymentOfIntent(t.app, intentId)).toEqual(record);
  });

  it("keeps a plain 404 for someone else's order, an unknown order and a charge of another order", async () => {
    const notFound = { error: { code: 'not_found', message: 'Order not found' } };
    const orderId = await placeOrder(t.app, alice, productId);
    const secret = await clientSecretFor(t.app, alice, orderId);
    await confirm(t.app, secret);
    const foreign = await pay(bob, orderId, intentIdOf(secret));
    expect([foreign.statusCode, foreign.json()]).toEqual([404, notFound]);
    // An unknown order id with a real charge of another (existing) order: not a late charge, nothing refunded.
    const unknown = await pay(alice, '0123456789abcdef01234567', intentIdOf(secret));
    expect([unknown.statusCode, unknown.json()]).toEqual([404, notFound]);
    expect((await sandboxIntent(t.app, intentIdOf(secret))).amount_refunded).toBe(0);
    expect((await pay(alice, orderId, intentIdOf(secret))).statusCode).toBe(200);
  });

  it('answers 409 order_not_payable without refunding when the intent of a cancelled order was never charged', async () => {
    const orderId = await placeOrder(t.app, alice, productId);
    const secret = await clientSecretFor(t.app, alice, orderId);
    await setStatus(t.app, orderId, 'cancelled');
    const res = await pay(alice, orderId, intentIdOf(secret));
    expect([res.statusCode, res.json()]).toEqual([
      409,
      { error: { code: 'order_not_payable', message: 'This order can no longer be paid' } },
    ]);
    expect(await sandboxIntent(t.app, intentIdOf(secret))).toMatchObject({ amount_refunded: 0, refund_id: null });
  });
});
