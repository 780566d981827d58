// Steps shared by the documents tests: orders placed and paid through the real HTTP payment path (sandbox processor).
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, type SignedIn } from '../../helpers/test-app.js';
import { clientSecretFor, confirm, intentIdOf } from '../payments/payment-fixtures.js';

export { placeOrder } from '../payments/payment-fixtures.js';

/** Charges the order's card in the sandbox; answers the intent id, not yet reported to the shop. */
export async function chargeOrder(app: FastifyInstance, who: SignedIn, orderId: string): Promise<string> {
  const clientSecret = await clientSecretFor(app, who, orderId);
  const res = await confirm(app, clientSecret);
  expect(res.statusCode).toBe(200);
  return intentIdOf(clientSecret);
}

/** "Pay this order" with a charged intent: the call that marks it paid (and gives it its invoice number). */
export function reportPayment(app: FastifyInstance, who: SignedIn, orderId: string, intentId: string) {
  return call(app, 'PATCH', `/api/orders/${orderId}`, who, { order: orderId, transactionId: intentId });
}

export async function payOrder(app: FastifyInstance, who: SignedIn, orderId: string): Promise<void> {
  const res = await reportPayment(app, who, orderId, await chargeOrder(app, who, orderId));
  expect(res.statusCode).toBe(200);
}

export async function invoiceNumberOf(app: FastifyInstance, orderId: string): Promise<string | null> {
  const row = await app.db
    .selectFrom('orders')
    .select('invoice_number')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row.invoice_number;
}
