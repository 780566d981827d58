// The payment rules, whatever the provider (docs/product.md §6, B2B §4): an intent only for the caller's own `pending`
// order at the server's amount; an order turns paid only after the provider confirms a succeeded payment of that order
// and amount; an open intent is voided before its order is cancelled or deleted; a charge that arrives for an order
// that can no longer be paid (or no longer exists) is refunded at once, and every refund is made once per intent.
// An intent is recorded only while its order is held payable (issue #24): a cancel, expiry or delete racing
// create-payment-intent either refuses the intent or finds it recorded and voids it after its commit, and the sweep
// (sweep-job.ts) voids or refunds whatever is left on orders that can no longer be paid, without waiting for a browser.
import { companyOrderingMessages, type Order } from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { AppError, notFound } from '../../infra/errors.js';
import type { AuthUser } from '../accounts/index.js';
import type { OrderRow, OrdersService, PaidOutcome } from '../orders/index.js';
import { PAYMENT_CURRENCY, looksLikeIntentId, type PaymentProvider, type ProviderIntent } from './payment-provider.js';
import {
  countVoided,
  findPayment,
  listPaymentsOfOrder,
  markRefunded,
  markSettled,
  savePayment,
  unsettledOfUnpayable,
  type UnsettledPayment,
} from './payments-repository.js';

const alreadyPaid = () => new AppError(409, 'order_paid', 'This order is already paid');
const notPayable = () => new AppError(409, 'order_not_payable', 'This order can no longer be paid');
const nothingToPay = () =>
  new AppError(409, 'nothing_to_pay', 'This order totals $0.00: there is nothing to pay by card');
/** Issue 47: the payer lost the right to pay (`reason`, ownership.ts) after the charge; it was refunded. */
const payerRefused = (reason: string) =>
  new AppError(403, 'payer_refused', `${reason}; your payment was refunded to your card`);
const refundedLate = () =>
  new AppError(409, 'order_not_payable', 'This order can no longer be paid; the payment was refunded');
const notAPaymentOfThisOrder = () =>
  new AppError(400, 'transaction_mismatch', 'This transaction is not a payment of this order');

/** What a succeeded charge of an order came to: it paid the order, it had already, or it was given back. */
type ChargeOutcome = 'paid' | 'already_paid' | 'refunded';

/** How many voided intents createPaymentIntent steps over before giving up (each void is a cancel or delete race). */
const MAX_INTENT_ATTEMPTS = 3;

/** How many unsettled payments one query of the sweep takes; each is then handled on its own. */
const SWEEP_BATCH = 50;

/** What one sweep did: intents voided, and charges given back. */
export interface SweepReport {
  voided: number;
  refunded: number;
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

export interface PaymentsService {
  provider: PaymentProvider;
  /** An intent for the caller's own `pending` order; 409 order_paid or order_not_payable otherwise. */
  createPaymentIntent(user: AuthUser, orderId: string): Promise<{ clientSecret: string }>;
  /** `PATCH /orders/{id}` with a transactionId: verified with the provider before anything changes. */
  payOrder(user: AuthUser, orderId: string, transactionId: string): Promise<Order>;
  /** A provider's signed notification that an intent succeeded (the Stripe webhook); replays change nothing. */
  settleFromNotification(intent: ProviderIntent): Promise<'paid' | 'already_paid' | 'refunded' | 'ignored'>;
  /**
   * Voids the open intents of an order about to be cancelled or deleted. 'none': it never had one (no provider call);
   * 'voided': none can be charged any more; 'succeeded': one was charged first, so the order is now paid and
   * `confirmed` and the caller refuses its delete or cancel (409). A paid order answers 'succeeded' at once.
   */
  releaseIntent(orderId: string): Promise<'none' | 'voided' | 'succeeded'>;
  /**
   * Gives back the card payment of a paid order (an admin cancelling it); once per intent however often it is asked,
   * concurrently too. An order with no card payment (on account) has nothing to refund. The caller marks the order.
   */
  refundOrder(orderId: string): Promise<void>;
  /**
   * After an order stopped being payable (its cancel, expiry or delete committed): voids the intents recorded while
   * it was ending, and refunds any of them that was charged (the order, being no longer payable, keeps nothing).
   */
  voidAfterEnd(orderId: string): Promise<void>;
  /**
   * One run of the payment-sweep job: every unsettled intent of an order that can no longer be paid (cancelled,
   * expired, paid by another charge, deleted) is voided at the provider, or refunded if it was charged. Idempotent.
   */
  sweep(signal?: AbortSignal): Promise<SweepReport>;
}

export interface PaymentsDeps {
  db: Db;
  provider: PaymentProvider;
  orders: Pick<
    OrdersService,
    'getOwnOrder' | 'findOrder' | 'markPaid' | 'toAnswer' | 'recordWhilePayable' | 'tellPayerRefunded'
  >;
  log?: { error(details: object, message: string): void };
}

export function createPaymentsService({ db, provider, orders, log }: PaymentsDeps): PaymentsService {
  const now = () => new Date().toISOString();

  /** Marks the order paid and records the payment in one transaction, if it is still `pending` (orders decides). */
  function settle(intent: ProviderIntent, orderId: string): Promise<PaidOutcome> {
    const at = now();
    return orders.markPaid(orderId, intent.id, at, (trx) => savePayment(trx, provider.name, intent, orderId, at, true));
  }

  /**
   * Refunds one charge unless the shop's record says it already did; the provider's refund is idempotent per intent,
   * so two of these racing still make one refund. `intent` (when known) keeps the payment row's status current.
   */
  async function refundCharge(
    intentId: string,
    amountCents: number,
    orderId: string | null,
    intent?: ProviderIntent,
  ): Promise<void> {
    const row = await findPayment(db, provider.name, intentId);
    if (row?.refunded_at) return;
    const refund = await provider.refund(intentId, amountCents);
    const at = now();
    const seen = intent ?? (row ? null : await provider.retrieveIntent(intentId));
    if (seen) await savePayment(db, provider.name, seen, orderId, at);
    await markRefunded(db, provider.name, intentId, refund.id, at);
  }

  /**
   * A succeeded charge of exactly this order's amount: it pays the order if it still may be paid, else goes back.
   * `payerRefusal` says why when the money went back because the payer lost the right to pay (issue 47) between
   * their report's own check and the payment's transaction, so the answer can say so rather than "not payable".
   */
  async function settleOrRefundWhy(
    intent: ProviderIntent,
    order: OrderRow,
  ): Promise<{ outcome: ChargeOutcome; payerRefusal: string | null }> {
    const outcome = await settle(intent, order.id);
    if (outcome === 'paid') return { outcome: 'paid', payerRefusal: null };
    // Paid by this very charge before (a replay, a second report): nothing to do.
    if (outcome === 'already_paid' && (await orders.findOrder(order.id))?.transaction_id === intent.id) {
      return { outcome: 'already_paid', payerRefusal: null };
    }
    // Not payable any more (cancelled, expired, gone), or paid by another charge, or by a payer who may no longer
    // pay it (issue 47): this money is not the shop's.
    await refundCharge(intent.id, intent.amountCents, order.id, intent);
    // The payer did nothing wrong but lost the role: they are told why their money came back.
    const payerRefusal =
      outcome === 'payer_refused' ? await orders.tellPayerRefunded(order.id, intent.id, intent.amountCents) : null;
    return { outcome: 'refunded', payerRefusal };
  }

  const settleOrRefund = async (intent: ProviderIntent, order: OrderRow): Promise<ChargeOutcome> =>
    (await settleOrRefundWhy(intent, order)).outcome;

  /** The refusal of a payment whose charge went back: the payer's lost right when that was why, else "not payable". */
  const refundedRefusal = (payerRefusal: string | null) =>
    payerRefusal === null ? refundedLate() : payerRefused(payerRefusal);

  /**
   * The buyer's own order refused them (403: a viewer now, or no longer in its company) while they report a charge
   * of it they made before: the charge is refunded at once (B2B §4) and the refusal says so. Anything else (not
   * theirs, not a succeeded charge of this order) is left to the refusal as it was.
   */
  async function refundRefusedPayer(
    user: AuthUser,
    orderId: string,
    intent: ProviderIntent | null,
    refusal: AppError,
  ): Promise<void> {
    const order = await orders.findOrder(orderId);
    if (!order || order.user_id !== user.id || !intent || mismatch(intent, order)) return;
    if ((await settleOrRefund(intent, order)) !== 'refunded') return;
    throw payerRefused(refusal.message);
  }

  /** A succeeded charge the shop created for an order that was deleted since: refunded; false if it is not one. */
  async function refundForGoneOrder(orderId: string, intent: ProviderIntent | null): Promise<boolean> {
    if (!intent || intent.status !== 'succeeded' || intent.orderId !== orderId) return false;
    if (await orders.findOrder(orderId)) return false;
    // The payments row (its order_id set null by the delete) proves this shop opened the intent.
    if (!(await findPayment(db, provider.name, intent.id))) return false;
    await refundCharge(intent.id, intent.amountCents, null, intent);
    return true;
  }

  /** Voids every intent of the order not yet void or refunded; answers those the provider says were charged. */
  async function voidIntents(orderId: string): Promise<{ open: number; charged: ProviderIntent[] }> {
    const rows = (await listPaymentsOfOrder(db, orderId)).filter((r) => r.status !== 'canceled' && !r.refunded_at);
    const charged: ProviderIntent[] = [];
    for (const row of rows) {
      const intent = await provider.cancelIntent(row.intent_id);
      // The row's own order_id: null once the order was deleted, which no insert may name again (foreign key).
      await savePayment(db, provider.name, intent, row.order_id, now());
      if (intent.status === 'succeeded') charged.push(intent);
    }
    return { open: rows.length, charged };
  }

  /** Settles or refunds each charged intent; answers whether one of them paid the order. */
  async function settleCharged(order: OrderRow, charged: ProviderIntent[]): Promise<boolean> {
    let paid = false;
    for (const intent of charged) {
      if (mismatch(intent, order)) await refundCharge(intent.id, intent.amountCents, order.id, intent);
      else if ((await settleOrRefund(intent, order)) !== 'refunded') paid = true;
    }
    return paid;
  }

  /** Refunds charged intents of an order that is gone, or settles or refunds them against the order as it is. */
  async function settleOrRefundAll(orderId: string, charged: ProviderIntent[]): Promise<boolean> {
    if (charged.length === 0) return false;
    const order = await orders.findOrder(orderId);
    if (order) return settleCharged(order, charged);
    for (const intent of charged) await refundCharge(intent.id, intent.amountCents, null, intent);
    return false;
  }

  /**
   * An intent opened while its order stopped being payable (the cancel, expiry or delete committed first): recorded,
   * voided at once, since its client secret never left the server, and refused. It is recorded by order_ref alone
   * (order_id null): the order may be deleted at any moment now, and a row naming it would break its foreign key. If
   * the provider says it was charged (the same intent had been handed out by an earlier request), the charge pays the
   * order if it was this very payment, else goes back.
   */
  async function refuseLateIntent(
    order: OrderRow,
    intent: ProviderIntent,
    held: 'not_payable' | 'gone',
  ): Promise<never> {
    await savePayment(db, provider.name, intent, null, now());
    const after = await provider.cancelIntent(intent.id);
    await savePayment(db, provider.name, after, null, now());
    if (after.status === 'succeeded') {
      if (await settleOrRefundAll(order.id, [after])) throw alreadyPaid();
      throw refundedLate();
    }
    throw held === 'gone' ? notFound('Order') : notPayable();
  }

  /**
   * The order's intent at its amount, stepping past intents voided while the order stayed payable. It is recorded in
   * one transaction with the order held payable, so a cancel, expiry or delete either refuses it or waits for it and
   * then voids it (voidAfterEnd).
   */
  async function openIntent(order: OrderRow): Promise<ProviderIntent> {
    const amountCents = Number(order.total_cents);
    for (let tries = 0; tries < MAX_INTENT_ATTEMPTS; tries += 1) {
      const attempt = await countVoided(db, order.id, amountCents);
      const intent = await provider.createIntent({ orderId: order.id, amountCents, attempt });
      const at = now();
      const held = await orders.recordWhilePayable(order.id, (trx) =>
        savePayment(trx, provider.name, intent, order.id, at),
      );
      if (held !== 'payable') return refuseLateIntent(order, intent, held);
      if (intent.status !== 'canceled') return intent;
    }
    throw notPayable();
  }

  /** One unsettled intent of an order no longer payable: settled if it paid it, else voided, or refunded if charged. */
  async function sweepOne(row: UnsettledPayment): Promise<keyof SweepReport | null> {
    if (row.order_paid_by === row.intent_id) {
      await markSettled(db, provider.name, row.intent_id, now());
      return null;
    }
    const intent = await provider.cancelIntent(row.intent_id);
    const orderId = row.order_status === null ? null : row.order_ref;
    await savePayment(db, provider.name, intent, orderId, now());
    if (intent.status === 'canceled') return 'voided';
    // Still processing at the provider: asked again next run.
    if (intent.status !== 'succeeded') return null;
    await refundCharge(intent.id, intent.amountCents, orderId, intent);
    return 'refunded';
  }

  return {
    provider,

    async createPaymentIntent(user, orderId) {
      const order = await orders.getOwnOrder(user, orderId);
      if (order.paid_at !== null) throw alreadyPaid();
      // An order above its buyer's spending limit is paid only once its company's owner approved it (issue #25).
      if (order.status === 'awaiting_approval') {
        throw new AppError(409, 'awaiting_approval', companyOrderingMessages.awaitingApproval);
      }
      if (order.status !== 'pending') {
        // A charge that slipped in before the order stopped being payable is found here and, the order not being
        // payable, given back; an intent still open is voided on the way.
        const { charged } = await voidIntents(order.id);
        await settleCharged(order, charged);
        throw charged.length > 0 ? refundedLate() : notPayable();
      }
      // Issue 47: an order of $0.00 (a price stored before a positive amount meant at least one cent) has nothing to
      // collect, and a provider intent for nothing would open all the same.
      if (Number(order.total_cents) < 1) throw nothingToPay();
      const intent = await openIntent(order);
      // The same intent comes back for the same order and amount; if it was already charged (the page was closed
      // before it could report back), settle the order now instead of offering a second charge.
      if (intent.status === 'succeeded' && !mismatch(intent, order)) {
        const settled = await settleOrRefundWhy(intent, order);
        if (settled.outcome === 'refunded') throw refundedRefusal(settled.payerRefusal);
        throw alreadyPaid();
      }
      if (!intent.clientSecret) {
        throw new AppError(502, 'payment_provider_unavailable', 'The payment provider returned no client secret');
      }
      return { clientSecret: intent.clientSecret };
    },

    async payOrder(user, orderId, transactionId) {
      // Only an intent the shop created for this order (its payments row; order_id null once the order was deleted)
      // is worth a provider call: a made-up id costs none. One created for another order is that order's payment.
      const row = looksLikeIntentId(transactionId) ? await findPayment(db, provider.name, transactionId) : undefined;
      const ours = row !== undefined && (row.order_id === orderId || row.order_id === null);
      const retrieve = () => (ours ? provider.retrieveIntent(transactionId) : null);
      let order: OrderRow;
      try {
        order = await orders.getOwnOrder(user, orderId);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 403 && ours) {
          await refundRefusedPayer(user, orderId, await retrieve(), error);
        }
        // Only a charge of an order that is gone is worth a look; someone else's order stays a plain 404.
        if (
          error instanceof AppError &&
          error.statusCode === 404 &&
          !(await orders.findOrder(orderId)) &&
          (await refundForGoneOrder(orderId, await retrieve()))
        ) {
          throw refundedLate();
        }
        throw error;
      }
      if (order.paid_at !== null) {
        // Reporting the same payment again is harmless and changes nothing; another payment for a paid order is not.
        if (order.transaction_id === transactionId) return orders.toAnswer(order);
        throw alreadyPaid();
      }
      if (row && !ours) throw notAPaymentOfThisOrder();
      const intent = await retrieve();
      if (!intent) throw new AppError(400, 'unknown_transaction', 'No payment with this transactionId exists');
      const problem = mismatch(intent, order);
      if (problem) throw order.status === 'pending' ? problem : notPayable();
      const settled = await settleOrRefundWhy(intent, order);
      if (settled.outcome === 'refunded') throw refundedRefusal(settled.payerRefusal);
      const after = await orders.findOrder(order.id);
      if (!after) throw notFound('Order');
      return orders.toAnswer(after);
    },

    async settleFromNotification(intent) {
      const order = intent.orderId ? await orders.findOrder(intent.orderId) : undefined;
      if (!order) return intent.orderId && (await refundForGoneOrder(intent.orderId, intent)) ? 'refunded' : 'ignored';
      if (mismatch(intent, order)) return 'ignored';
      return settleOrRefund(intent, order);
    },

    async releaseIntent(orderId) {
      const order = await orders.findOrder(orderId);
      if (!order) return 'none';
      if (order.paid_at !== null) return 'succeeded';
      const { open, charged } = await voidIntents(orderId);
      if (await settleCharged(order, charged)) return 'succeeded';
      if (open > 0) return 'voided';
      // Intents voided earlier still count: the order had one, and none can be charged now.
      return (await listPaymentsOfOrder(db, orderId)).length > 0 ? 'voided' : 'none';
    },

    async voidAfterEnd(orderId) {
      const { charged } = await voidIntents(orderId);
      await settleOrRefundAll(orderId, charged);
    },

    async sweep(signal) {
      const report: SweepReport = { voided: 0, refunded: 0 };
      // Paged by id, like the expiry run: intents the provider keeps refusing never hide the ones behind them.
      for (let after = ''; ;) {
        const rows = await unsettledOfUnpayable(db, provider.name, after, SWEEP_BATCH);
        for (const row of rows) {
          if (signal?.aborted) return report;
          after = row.id;
          try {
            const outcome = await sweepOne(row);
            if (outcome) report[outcome] += 1;
          } catch (error) {
            log?.error({ err: error, intentId: row.intent_id }, 'payment sweep failed for one intent; tried again');
          }
        }
        if (rows.length < SWEEP_BATCH) break;
      }
      return report;
    },

    async refundOrder(orderId) {
      const order = await orders.findOrder(orderId);
      if (!order) throw notFound('Order');
      if (order.paid_at === null || !order.transaction_id || !looksLikeIntentId(order.transaction_id)) return;
      const row = await findPayment(db, provider.name, order.transaction_id);
      await refundCharge(order.transaction_id, Number(row?.amount_cents ?? order.total_cents), order.id);
    },
  };
}
