// Shared steps of the payment tests, all through HTTP on the real app.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call, type SignedIn } from '../../helpers/test-app.js';

/** A card that is good whatever today's date is. */
export const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123' };

export async function placeOrder(app: FastifyInstance, who: SignedIn, productId: string, inputQuantity = 1000) {
  const res = await call(app, 'POST', '/api/order', who, {
    productId,
    inputQuantity,
    phone: '555-0100',
    address: '1 Dock Rd',
  });
  expect(res.statusCode).toBe(201);
  const body: { insertedId: string } = res.json();
  return body.insertedId;
}

export async function clientSecretFor(app: FastifyInstance, who: SignedIn, orderId: string): Promise<string> {
  const res = await call(app, 'POST', '/api/create-payment-intent', who, { orderId });
  expect(res.statusCode).toBe(200);
  const body: { clientSecret: string } = res.json();
  return body.clientSecret;
}

export function confirm(app: FastifyInstance, clientSecret: string, card: Partial<typeof GOOD_CARD> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/sandbox/confirm',
    payload: { clientSecret, ...GOOD_CARD, ...card, billingName: 'Alice Buyer', billingEmail: 'alice@example.com' },
  });
}

export function intentIdOf(clientSecret: string): string {
  return clientSecret.split('_secret_')[0] ?? '';
}

export async function readOrder(app: FastifyInstance, who: SignedIn, orderId: string) {
  const res = await call(app, 'GET', `/api/orders/${orderId}`, who);
  expect(res.statusCode).toBe(200);
  const body: { paid: boolean; transactionId: string | null; price: number } = res.json();
  return body;
}

export function paymentsOf(app: FastifyInstance, orderId: string) {
  return app.db
    .selectFrom('payments')
    .select(['provider', 'intent_id', 'order_id', 'amount_cents', 'currency', 'status'])
    .where('order_id', '=', orderId)
    .execute();
}

/** What the sandbox processor actually charged for an order, over all its intents. */
export async function chargedFor(app: FastifyInstance, orderId: string): Promise<number[]> {
  const rows = await app.db
    .selectFrom('sandbox_intents')
    .select('amount_received')
    .where('order_id', '=', orderId)
    .where('amount_received', '>', 0)
    .execute();
  return rows.map((r) => Number(r.amount_received));
}

/**
 * Moves an order out of `pending` behind the payments module's back, as a cancel or the expiry job would if it had
 * not voided the intent first: the state a late charge finds.
 */
export async function setStatus(app: FastifyInstance, orderId: string, status: 'cancelled' | 'expired') {
  await app.db.updateTable('orders').set({ status }).where('id', '=', orderId).execute();
}

/** Removes an order without voiding its intent (as deletes did before B2B §4): its charge may still come in. */
export async function forgetOrder(app: FastifyInstance, orderId: string) {
  await app.db.deleteFrom('order_lines').where('order_id', '=', orderId).execute();
  await app.db.deleteFrom('orders').where('id', '=', orderId).execute();
}

/** The shop's record of an intent: its status and refund. */
export function paymentOfIntent(app: FastifyInstance, intentId: string) {
  return app.db
    .selectFrom('payments')
    .select(['order_id', 'amount_cents', 'status', 'refund_id', 'refunded_at'])
    .where('intent_id', '=', intentId)
    .executeTakeFirst();
}

/** The sandbox processor's book of an intent: what it charged and gave back. */
export function sandboxIntent(app: FastifyInstance, intentId: string) {
  return app.db
    .selectFrom('sandbox_intents')
    .select(['status', 'amount_received', 'amount_refunded', 'refund_id', 'idempotency_key'])
    .where('id', '=', intentId)
    .executeTakeFirstOrThrow();
}
