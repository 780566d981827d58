// The payment rules, whatever the provider (docs/product.md §6): an intent only for the caller's own unpaid order at
// the server's amount; an order turns paid only after the provider confirms a succeeded payment of that order and
// amount.
import type { Order } from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { AppError, notFound } from '../../infra/errors.js';
import type { AuthUser } from '../accounts/index.js';
import type { OrderRow, OrdersService } from '../orders/index.js';
import { PAYMENT_CURRENCY, looksLikeIntentId, type PaymentProvider, type ProviderIntent } from './payment-provider.js';
import { savePayment } from './payments-repository.js';

const alreadyPaid = () => new AppError(409, 'order_paid', 'This order is already paid');
const notAPaymentOfThisOrder = () =>
  new AppError(400, 'transaction_mismatch', 'This transaction is not a payment of this order');

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

export interface PaymentsService {
  provider: PaymentProvider;
  createPaymentIntent(user: AuthUser, orderId: string): Promise<{ clientSecret: string }>;
  /** `PATCH /orders/{id}` with a transactionId: verified with the provider before anything changes. */
  payOrder(user: AuthUser, orderId: string, transactionId: string): Promise<Order>;
  /** A provider's signed notification that an intent succeeded (the Stripe webhook); replays change nothing. */
  settleFromNotification(intent: ProviderIntent): Promise<'paid' | 'already_paid' | 'ignored'>;
}

export interface PaymentsDeps {
  db: Db;
  provider: PaymentProvider;
  orders: Pick<OrdersService, 'getOwnOrder' | 'findOrder' | 'markPaid' | 'toAnswer'>;
}

export function createPaymentsService({ db, provider, orders }: PaymentsDeps): PaymentsService {
  /** Marks the order paid and records the payment in one transaction; answers whether this call did it. */
  function settle(intent: ProviderIntent, order: OrderRow): Promise<boolean> {
    const at = new Date().toISOString();
    return orders.markPaid(order.id, intent.id, at, (trx) => savePayment(trx, provider.name, intent, order.id, at));
  }

  return {
    provider,

    async createPaymentIntent(user, orderId) {
      const order = await orders.getOwnOrder(user, orderId);
      if (order.paid_at !== null) throw alreadyPaid();
      const intent = await provider.createIntent({ orderId: order.id, amountCents: Number(order.total_cents) });
      await savePayment(db, provider.name, intent, order.id, new Date().toISOString());
      // The same intent comes back for the same order and amount; if it was already charged (the page was closed
      // before it could report back), settle the order now instead of offering a second charge.
      if (intent.status === 'succeeded' && !mismatch(intent, order)) {
        await settle(intent, order);
        throw alreadyPaid();
      }
      if (!intent.clientSecret) {
        throw new AppError(502, 'payment_provider_unavailable', 'The payment provider returned no client secret');
      }
      return { clientSecret: intent.clientSecret };
    },

    async payOrder(user, orderId, transactionId) {
      const order = await orders.getOwnOrder(user, orderId);
      if (order.paid_at !== null) {
        // Reporting the same payment again is harmless and changes nothing; another payment for a paid order is not.
        if (order.transaction_id === transactionId) return orders.toAnswer(order);
        throw alreadyPaid();
      }
      const intent = looksLikeIntentId(transactionId) ? await provider.retrieveIntent(transactionId) : null;
      if (!intent) throw new AppError(400, 'unknown_transaction', 'No payment with this transactionId exists');
      const problem = mismatch(intent, order);
      if (problem) throw problem;
      const marked = await settle(intent, order);
      const after = await orders.findOrder(order.id);
      if (!after) throw notFound('Order');
      if (!marked && after.transaction_id !== intent.id) throw alreadyPaid();
      return orders.toAnswer(after);
    },

    async settleFromNotification(intent) {
      const order = intent.orderId ? await orders.findOrder(intent.orderId) : undefined;
      if (!order || mismatch(intent, order)) return 'ignored';
      if (order.paid_at !== null) return 'already_paid';
      return (await settle(intent, order)) ? 'paid' : 'already_paid';
    },
  };
}
