// The payment side of the order transitions (B2B §4) through the real routes on the sandbox, both databases: a cancel or
// delete voids the open intent first (or, the charge having won, is refused and the order is paid), the expiry run
// voids it too, and an admin's cancel of a paid order refunds it once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import { buildWorld } from '../../helpers/world.js';
import {
  chargedFor,
  clientSecretFor,
  confirm,
  intentIdOf,
  paymentOfIntent,
  placeOrder,
  readOrder,
  sandboxIntent,
} from './payment-fixtures.js';

const TOTAL_CENTS = 250_000;

describe.each(databases)('order transitions and payments on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let alice: SignedIn;
  let productId: string;

  beforeAll(async () => {
    ({
      t,
      admin,
      people: { alice },
      products: { cable: productId },
    } = await buildWorld(kind, {
      people: { alice: ['Alice Buyer', 'alice@example.com'] },
      products: { cable: { name: 'Kestrel Cable', price: 2.5, availableQuantity: 1_000_000 } },
    }));
  });
  afterAll(() => t.close());

  it("voids the intent when the buyer cancels, so the page's card can no longer be charged", async () => {
    const orderId = await placeOrder(t.app, alice, productId);
    const secret = await clientSecretFor(t.app, alice, orderId);
    const res = await call(t.app, 'POST', `/api/orders/${orderId}/cancel`, alice, { reason: 'Ordered twice' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', paid: false });
    expect((await sandboxIntent(t.app, intentIdOf(secret))).status).toBe('canceled');
    expect((await confirm(t.app, secret)).statusCode).toBe(400);
    expect(await chargedFor(t.app, orderId)).toEqual([]);
  });

  it('refuses the delete (409) and keeps the order paid when its charge had already succeeded', async () => {
    const orderId = await placeOrder(t.app, alice, productId);
    const secret = await clientSecretFor(t.app, alice, orderId);
    await confirm(t.app, secret);
    const res = await call(t.app, 'DELETE', `/api/order/${orderId}`, alice);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('order_paid');
    expect(await readOrder(t.app, alice, orderId)).toMatchObject({
      paid: true,
      transactionId: intentIdOf(secret),
      status: 'confirmed',
    });
  });

  it('voids the intent of an order that expires', async () => {
    const orderId = await placeOrder(t.app, alice, productId);
    const secret = await clientSecretFor(t.app, alice, orderId);
    await t.app.db
      .updateTable('orders')
      .set({ expires_at: '2000-01-01T00:00:00.000Z' })
      .where('id', '=', orderId)
      .execute();
    await t.app.orders.expireDue();
    expect((await sandboxIntent(t.app, intentIdOf(secret))).status).toBe('canceled');
    const late = await call(t.app, 'POST', '/api/create-payment-intent', alice, { orderId });
    expect([late.statusCode, late.json().error.code]).toEqual([409, 'order_not_payable']);
  });

  it('refunds a paid order once when an admin cancels it, whatever the number of cancels', async () => {
    const orderId = await placeOrder(t.app, alice, productId);
    const secret = await clientSecretFor(t.app, alice, orderId);
    await confirm(t.app, secret);
    expect(
      (await call(t.app, 'PATCH', `/api/orders/${orderId}`, alice, { transactionId: intentIdOf(secret) })).statusCode,
    ).toBe(200);
    const res = await call(t.app, 'POST', `/api/orders/${orderId}/cancel`, admin, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', paid: true, refunded: true });
    const book = await sandboxIntent(t.app, intentIdOf(secret));
    expect(book).toMatchObject({ amount_received: TOTAL_CENTS, amount_refunded: TOTAL_CENTS });
    expect(await paymentOfIntent(t.app, intentIdOf(secret))).toMatchObject({ refund_id: book.refund_id });
    const again = await call(t.app, 'POST', `/api/orders/${orderId}/cancel`, admin, {});
    expect(again.statusCode).toBe(409);
    expect(await sandboxIntent(t.app, intentIdOf(secret))).toEqual(book);
  });
});
