// docs/product.md §6 on both databases: intents only for the caller's own unpaid order at the server's amount, an order
// paid only with a verified succeeded payment of that order and amount, and paying twice charging once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxProcessor } from '../../../src/modules/payments/sandbox-processor.js';
import { databases } from '../../helpers/databases.js';
import { call, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import { buildWorld } from '../../helpers/world.js';
import {
  chargedFor,
  clientSecretFor,
  confirm,
  intentIdOf,
  paymentsOf,
  placeOrder,
  readOrder,
} from './payment-fixtures.js';

describe.each(databases)('paying an order on %s', (kind) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  let productId: string;
  const pay = (who: SignedIn, orderId: string, transactionId: string) =>
    call(t.app, 'PATCH', `/api/orders/${orderId}`, who, { order: orderId, transactionId });

  beforeAll(async () => {
    ({
      t,
      people: { alice, bob },
      products: { psu: productId },
    } = await buildWorld(kind, {
      people: { alice: ['Alice Buyer', 'alice@example.com'], bob: ['Bob Other', 'bob@example.com'] },
      products: { psu: { name: 'Kestrel PSU 750W', price: 89.99 } },
    }));
  });
  afterAll(() => t.close());

  it('prices the intent from the order, ignoring a price in the body', async () => {
    const orderId = await placeOrder(t.app, alice, productId, 1500);
    const res = await call(t.app, 'POST', '/api/create-payment-intent', alice, { orderId, price: 1 });
    expect(res.statusCode).toBe(200);
    const { clientSecret } = res.json();
    expect(await paymentsOf(t.app, orderId)).toEqual([
      {
        provider: 'sandbox',
        intent_id: intentIdOf(clientSecret),
        order_id: orderId,
        amount_cents: 13_498_500,
        currency: 'usd',
        status: 'requires_payment_method',
      },
    ]);
  });

  it("refuses someone else's order (404), an unknown one (404), a malformed id (400) and anonymous callers (401)", async () => {
    const orderId = await placeOrder(t.app, alice, productId);
    const notFound = { error: { code: 'not_found', message: 'Order not found' } };
    const foreign = await call(t.app, 'POST', '/api/create-payment-intent', bob, { orderId });
    expect([foreign.statusCode, foreign.json()]).toEqual([404, notFound]);
    const unknown = await call(t.app, 'POST', '/api/create-payment-intent', alice, {
      orderId: '0123456789abcdef01234567',
    });
    expect([unknown.statusCode, unknown.json()]).toEqual([404, notFound]);
    const malformed = await call(t.app, 'POST', '/api/create-payment-intent', alice, { orderId: 'x' });
    expect(malformed.statusCode).toBe(400);
    const anonymous = await call(t.app, 'POST', '/api/create-payment-intent', undefined, { orderId });
    expect(anonymous.statusCode).toBe(401);

    // Bob cannot mark Alice's order paid, not even with Alice's own succeeded payment.
    const secret = await clientSecretFor(t.app, alice, orderId);
    expect((await confirm(t.app, secret)).json().status).toBe('succeeded');
    const stolen = await pay(bob, orderId, intentIdOf(secret));
    expect([stolen.statusCode, stolen.json()]).toEqual([404, notFound]);
    expect((await pay(alice, orderId, intentIdOf(secret))).statusCode).toBe(200);
  });

  it('pays once: a second confirmation, a second PATCH and a new intent change nothing', async () => {
    const orderId = await placeOrder(t.app, alice, productId);
    const secret = await clientSecretFor(t.app, alice, orderId);
    const intentId = intentIdOf(secret);
    expect((await confirm(t.app, secret)).json()).toEqual({ id: intentId, status: 'succeeded' });
    const first = await pay(alice, orderId, intentId);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ _id: orderId, paid: true, transactionId: intentId, price: 89990 });
    const paidAt = await t.app.db.selectFrom('orders').select('paid_at').where('id', '=', orderId).executeTakeFirst();

    const again = await confirm(t.app, secret);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('payment_intent_unexpected_state');
    const second = await pay(alice, orderId, intentId);
    expect([second.statusCode, second.json()]).toEqual([200, first.json()]);
    const newIntent = await call(t.app, 'POST', '/api/create-payment-intent', alice, { orderId });
    expect([newIntent.statusCode, newIntent.json()]).toEqual([
      409,
      { error: { code: 'order_paid', message: 'This order is already paid' } },
    ]);

    expect(await chargedFor(t.app, orderId)).toEqual([8_999_000]);
    expect(await paymentsOf(t.app, orderId)).toEqual([
      expect.objectContaining({ intent_id: intentId, status: 'succeeded' }),
    ]);
    const after = await t.app.db.selectFrom('orders').select('paid_at').where('id', '=', orderId).executeTakeFirst();
    expect(after).toEqual(paidAt);
    expect(await readOrder(t.app, alice, orderId)).toMatchObject({ paid: true, transactionId: intentId });
  });

  it('charges once when two confirmations and two PATCHes race', async () => {
    const orderId = await placeOrder(t.app, alice, productId);
    const secret = await clientSecretFor(t.app, alice, orderId);
    const confirms = await Promise.all([confirm(t.app, secret), confirm(t.app, secret), confirm(t.app, secret)]);
    expect(confirms.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
    const patches = await Promise.all([1, 2, 3].map(() => pay(alice, orderId, intentIdOf(secret))));
    expect(patches.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await chargedFor(t.app, orderId)).toEqual([8_999_000]);
    expect(await paymentsOf(t.app, orderId)).toHaveLength(1);
  });

  it("refuses another order's payment, an unknown id and a different amount, leaving the order unpaid", async () => {
    const paidOrder = await placeOrder(t.app, alice, productId);
    const target = await placeOrder(t.app, alice, productId);
    const secret = await clientSecretFor(t.app, alice, paidOrder);
    await confirm(t.app, secret);

    const other = await pay(alice, target, intentIdOf(secret));
    expect([other.statusCode, other.json()]).toEqual([
      400,
      { error: { code: 'transaction_mismatch', message: 'This transaction is not a payment of this order' } },
    ]);
    const unknownError = {
      error: { code: 'unknown_transaction', message: 'No payment with this transactionId exists' },
    };
    for (const transactionId of ['pi_000000000000000000000000', 'ch_3Mxyz', 'paid']) {
      const res = await pay(alice, target, transactionId);
      expect([res.statusCode, res.json()]).toEqual([400, unknownError]);
    }

    // A succeeded payment of this very order for one cent less than its total, made past the shop (which never
    // created it): unknown, so the provider is not even asked (issue #17; the amount check stays behind it).
    const cheap = await new SandboxProcessor(t.app.db).createIntent({ orderId: target, amountCents: 8_998_999 });
    expect((await confirm(t.app, cheap.clientSecret ?? '')).json().status).toBe('succeeded');
    const short = await pay(alice, target, cheap.id);
    expect([short.statusCode, short.json()]).toEqual([400, unknownError]);
    expect(await readOrder(t.app, alice, target)).toMatchObject({ paid: false, transactionId: null });
    expect(await paymentsOf(t.app, target)).toEqual([]);
  });

  it('settles an order whose payment succeeded but was never reported, instead of charging it again', async () => {
    const orderId = await placeOrder(t.app, alice, productId);
    const secret = await clientSecretFor(t.app, alice, orderId);
    await confirm(t.app, secret);
    const res = await call(t.app, 'POST', '/api/create-payment-intent', alice, { orderId });
    expect(res.statusCode).toBe(409);
    expect(await readOrder(t.app, alice, orderId)).toMatchObject({ paid: true, transactionId: intentIdOf(secret) });
    expect(await chargedFor(t.app, orderId)).toEqual([8_999_000]);
  });
});
