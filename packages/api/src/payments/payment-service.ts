// The payment rules of PRODUCT.md §6, whatever the provider: an intent only for the caller's own unpaid order at the
// server's amount; an order turns paid only after the provider confirms a succeeded payment of that order and amount.
import type { Order } from '@kestrel/shared';
import type { Db } from '../db/create-db.js';
import { AppError, notFound } from '../errors.js';
import { findOrder, markOrderPaid, type OrderRow } from '../repositories/orders.js';
import { toOrder } from '../services/orders.js';
import type { AuthUser } from '../services/sessions.js';
import { PAYMENT_CURRENCY, looksLikeIntentId, type PaymentProvider, type ProviderIntent } from './payment-provider.js';
import { savePayment } from './payment-records.js';

const alreadyPaid = () => new AppError(409, 'order_paid', 'This order is already paid');
const notAPaymentOfThisOrder = () =>
  new AppError(400, 'transaction_mismatch', 'This transaction is not a payment of this order');

/** Paying is for the order's owner; to anyone else the order does not exist (as for reading and deleting it). */
async function ownOrder(db: Db, user: AuthUser, orderId: string): Promise<OrderRow> {
  const row = await findOrder(db, orderId);
  if (!row || row.user_id !== user.id) throw notFound('Order');
  return row;
}

/** Why this intent cannot pay this order, or null when it is a succeeded payment of exactly its amount. */
function mismatch(intent: ProviderIntent, order: OrderRow): AppError | null {
  if (intent.orderId !== order.id) return notAPaymentOfThisOrder();
  if (intent.amountCents !== Number(order.total_cents) || intent.currency !== PAYMENT_CURRENCY) {
    return new AppError(400, 'amount_mismatch', 'The payment amount does not match the order total');
  }
  if (intent.status !== 'succeeded') {
    return new AppError(402, 'payment_not_completed', 'The payment of this order has not succeeded');
  }
  return null;
}

/** Marks the order paid and records the payment in one transaction; answers whether this call did it. */
async function settle(db: Db, provider: PaymentProvider, intent: ProviderIntent, order: OrderRow): Promise<boolean> {
  const at = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    const marked = await markOrderPaid(trx, order.id, intent.id, at);
    if (marked) await savePayment(trx, provider.name, intent, order.id, at);
    return marked;
  });
}

export async function createPaymentIntent(
  db: Db,
  provider: PaymentProvider,
  user: AuthUser,
  orderId: string,
): Promise<{ clientSecret: string }> {
  const order = await ownOrder(db, user, orderId);
  if (order.paid_at !== null) throw alreadyPaid();
  const intent = await provider.createIntent({ orderId: order.id, amountCents: Number(order.total_cents) });
  await savePayment(db, provider.name, intent, order.id, new Date().toISOString());
  // The same intent comes back for the same order and amount; if it was already charged (the page was closed
  // before it could report back), settle the order now instead of offering a second charge.
  if (intent.status === 'succeeded' && !mismatch(intent, order)) {
    await settle(db, provider, intent, order);
    throw alreadyPaid();
  }
  if (!intent.clientSecret) {
    throw new AppError(502, 'payment_provider_unavailable', 'The payment provider returned no client secret');
  }
  return { clientSecret: intent.clientSecret };
}

/** `PATCH /orders/{id}` with a transactionId: verified with the provider before anything changes. */
export async function payOrder(
  db: Db,
  provider: PaymentProvider,
  user: AuthUser,
  orderId: string,
  transactionId: string,
): Promise<Order> {
  const order = await ownOrder(db, user, orderId);
  if (order.paid_at !== null) {
    // Reporting the same payment again is harmless and changes nothing; another payment for a paid order is refused.
    if (order.transaction_id === transactionId) return toOrder(order);
    throw alreadyPaid();
  }
  const intent = looksLikeIntentId(transactionId) ? await provider.retrieveIntent(transactionId) : null;
  if (!intent) throw new AppError(400, 'unknown_transaction', 'No payment with this transactionId exists');
  const problem = mismatch(intent, order);
  if (problem) throw problem;
  const marked = await settle(db, provider, intent, order);
  const after = await findOrder(db, order.id);
  if (!after) throw notFound('Order');
  if (!marked && after.transaction_id !== intent.id) throw alreadyPaid();
  return toOrder(after);
}

/** A provider's signed notification that an intent succeeded (the Stripe webhook); replays change nothing. */
export async function settleFromNotification(
  db: Db,
  provider: PaymentProvider,
  intent: ProviderIntent,
): Promise<'paid' | 'already_paid' | 'ignored'> {
  const order = intent.orderId ? await findOrder(db, intent.orderId) : undefined;
  if (!order || mismatch(intent, order)) return 'ignored';
  if (order.paid_at !== null) return 'already_paid';
  return (await settle(db, provider, intent, order)) ? 'paid' : 'already_paid';
}
