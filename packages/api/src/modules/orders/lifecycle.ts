// The order lifecycle (B2B §4, docs/product.md §20): which status may follow which, who may move an order, and what
// else changes with it (stock, the open-order count, mail, refunds).
//
// Every transition is one transaction whose UPDATE names the status it starts from (lifecycle-repository.ts
// changeStatus): of two transitions racing from the same status exactly one happens, the other answers 409
// invalid_transition and changes nothing. The stock an open order reserved returns, and the buyer's open-order count
// drops, in that same transaction, so either both happen once or neither. The message to the buyer is queued in it too
// (the outbox) and delivery is woken after the commit.
//
// Payments: an order `pending` may have an open payment intent. Before cancelling, deleting or expiring it, the
// intent is voided (payments.releaseIntent) outside the transaction; if the provider says it was already charged,
// the payment wins: the order is now paid and `confirmed`, and the cancel/delete answers 409 (an admin's cancel goes
// on, as for any confirmed order). An intent is recorded only while its order is held payable (recordWhilePayable,
// the order row locked), so one created during a cancel, expiry or delete is either refused by it or recorded before
// it commits; after the commit the intents are voided again (payments.voidAfterEnd), and whatever was charged
// meanwhile is refunded (issue #24; the payment sweep job retries what fails here). A confirmed card order an admin cancels is refunded AFTER the cancel commits:
// refunded_at is set once the provider has refunded it, and the expiry job retries every cancelled paid card order
// whose refunded_at is still null, so a crash or an outage between the two steps delays the refund, never loses it
// (the provider's refund is idempotent per intent). Its "cancelled" mail goes with refunded_at, naming the refund.
// Credit notes (B2B §11): an invoiced order gets its one credit note in the transaction that records its refund, or,
// with no card refund to wait for, in the cancel's own transaction (billing's credit-note-numbers.ts, through
// billing-port.ts).
import { changedFields, recordAudit, type AuditContext } from '../audit/index.js';
import {
  can,
  ADMIN_CANCELLABLE_STATUSES,
  DELETABLE_ORDER_STATUSES,
  OPEN_ORDER_STATUSES,
  PAYABLE_ON_ACCOUNT_STATUSES,
  type OrderStatus,
} from '@kestrel/shared';
import type { Transaction } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { Database } from '../../infra/db/schema.js';
import { AppError, notFound } from '../../infra/errors.js';
import { demandPermission, type AuthUser } from '../accounts/index.js';
import type { OrderBilling } from './billing-port.js';
import type { MailService } from '../mail/index.js';
import { withStep } from './history.js';
import * as lifecycleRepo from './lifecycle-repository.js';
import { endedMail, paidMail } from './lifecycle-mail.js';
import type { OrderRow } from './repository.js';
import { authorizeOrder, payRefusal } from './ownership.js';
import { findMembership } from '../companies/index.js';
import * as repo from './repository.js';
import { codeOrder } from '../../infra/code-order.js';
import { transactionWithEvents } from '../../infra/db/transaction-with-events.js';
import { centsToDollars } from '../../infra/money.js';

/** What the lifecycle needs of the payments module (app.ts hands the payments service; orders never import it). */
export interface OrderPayments {
  /** Voids the order's open intent(s); 'succeeded' when one was already charged and the order is now paid. */
  releaseIntent(orderId: string): Promise<'none' | 'voided' | 'succeeded'>;
  /** After an order stopped being payable (committed): voids the intents recorded meanwhile, refunds any charge. */
  voidAfterEnd(orderId: string): Promise<void>;
  /** Refunds a paid order's card payment through the provider; idempotent. */
  refundOrder(orderId: string): Promise<void>;
}

export interface LifecycleLog {
  error(details: object, message: string): void;
}

export interface LifecycleDeps {
  db: Db;
  mail: Pick<MailService, 'enqueue' | 'wake'>;
  /** Late-bound: the payments service is built after the orders service it depends on. */
  payments: () => OrderPayments | undefined;
  /** The invoice and credit note numbers and the on-account payment's record (billing's), in each transition's own transaction. */
  billing: Pick<OrderBilling, 'assignInvoiceNumber' | 'assignCreditNoteNumber' | 'recordAccountPayment'>;
  /** The orders service's wrapper of every stock move (the catalogue hears of it). */
  movingStock: <T>(write: () => Promise<T>) => Promise<T>;
  /** B2B §14: an admin's cancel of a partly shipped order cancels its unshipped units only (shipments.ts). */
  cancelRest: (id: string, reason: string | null, audit: AuditContext | null) => Promise<OrderRow>;
  /**
   * Records a webhook event (B2B §9) in the transaction of the change it reports, with the order as it then is;
   * answers whether an endpoint wanted it (wakeWebhooks after the commit).
   */
  recordEvent: (trx: Transaction<Database>, type: string, orderId: string) => Promise<boolean>;
  wakeWebhooks: () => void;
  log: LifecycleLog;
  now?: () => Date;
}

export interface ExpiryReport {
  /** Orders this run moved to `expired`. */
  expired: number;
  /** Orders due to expire that turned out to be paid (their charge had succeeded). */
  paid: number;
  /** Cancelled paid orders whose refund this run completed. */
  refunded: number;
}

/** payer_refused: the order's buyer may no longer pay it (issue 47); the caller refunds the charge and tells them. */
export type PaidOutcome = 'paid' | 'already_paid' | 'not_payable' | 'payer_refused';

type RecordEvent = (type: string, orderId: string) => Promise<void>;

/** How many orders one query of the expiry run takes; each is then handled on its own. */
const EXPIRY_BATCH = 50;

const label: Record<OrderStatus, string> = {
  pending: 'awaiting payment',
  awaiting_approval: 'awaiting approval',
  confirmed: 'confirmed',
  shipped: 'shipped',
  delivered: 'delivered',
  cancelled: 'cancelled',
  expired: 'expired',
  rejected: 'rejected',
  partially_shipped: 'partially shipped',
};

export const invalidTransition = (status: OrderStatus, action: string) =>
  new AppError(409, 'invalid_transition', `An order that is ${label[status]} cannot be ${action}`);
const orderPaid = (action: string) => new AppError(409, 'order_paid', `A paid order cannot be ${action}`);

// Who may do what from which status is @kestrel/shared's ordering-rules.ts, which the storefront's buttons use too.

export function createOrderLifecycle(deps: LifecycleDeps) {
  const { db, mail, movingStock, recordEvent, log } = deps;
  const { assignCreditNoteNumber, assignInvoiceNumber } = deps.billing;

  /** Runs a transition's transaction; wakes webhook delivery after the commit when it recorded an event. */
  const events = { record: recordEvent, wake: deps.wakeWebhooks };
  const transaction = <T>(work: (trx: Transaction<Database>, record: RecordEvent) => Promise<T>): Promise<T> =>
    transactionWithEvents(db, events, work);
  const now = deps.now ?? (() => new Date());

  function payments(): OrderPayments {
    const p = deps.payments();
    if (!p) throw new Error('the orders service was built without payments');
    return p;
  }

  /**
   * Gives these lines' reserved units back, per product in product id order, as order writes lock them, so a release
   * and an order never wait on each other in a cycle.
   */
  async function releaseLines(trx: Transaction<Database>, lines: repo.OrderLineRow[]): Promise<void> {
    const byProduct = lines
      .filter((l) => l.product_id !== null)
      .sort((a, b) => codeOrder(String(a.product_id), String(b.product_id)));
    for (const line of byProduct) if (line.product_id) await repo.releaseStock(trx, line.product_id, line.quantity);
  }

  /** The order as it is now, or 404 (it was deleted meanwhile). */
  async function reread(id: string): Promise<OrderRow> {
    const row = await repo.findOrder(db, id);
    if (!row) throw notFound('Order');
    return row;
  }

  /** A transition lost its race: say what the order became. */
  async function refusedAfterRace(id: string, action: string): Promise<never> {
    throw invalidTransition((await reread(id)).status, action);
  }

  /**
   * Voids a pending order's open intent before it stops being payable; answers true when a charge had already
   * succeeded (the order is now paid and confirmed).
   */
  async function chargeWon(row: OrderRow): Promise<boolean> {
    if (row.status !== 'pending' || row.payment_terms !== 'card') return false;
    return (await payments().releaseIntent(row.id)) === 'succeeded';
  }

  /**
   * Ends an open or confirmed order as `to` (cancelled or expired) if it is still in `from`: stock back, the open
   * count dropped when it was open, the mail queued unless a refund must go first. Answers whether this call did it.
   */
  function end(
    row: OrderRow,
    to: 'cancelled' | 'expired',
    reason: string | null,
    mailNow: boolean,
    audit: AuditContext | null = null,
  ): Promise<boolean> {
    const at = now().toISOString();
    return movingStock(() =>
      transaction(async (trx, record) => {
        const changed = await lifecycleRepo.changeStatus(trx, row.id, row.status, {
          status: to,
          status_history: withStep(row.status_history, to, at),
          updated_at: at,
          ...(to === 'cancelled' ? { cancel_reason: reason } : {}),
        });
        if (!changed) return false;
        // The buyer's row before the products, as every order write locks them (no cycle, no deadlock).
        if (OPEN_ORDER_STATUSES.includes(row.status)) await repo.uncountOpenOrder(trx, row.user_id);
        await releaseLines(trx, await repo.linesOfOrders(trx, [row.id]));
        await record(to === 'cancelled' ? 'order.cancelled' : 'order.expired', row.id);
        // An invoiced order cancelled with no card refund to wait for (on account) is credited now; a card
        // refund's credit note goes with the refund's record (completeRefund). Near the end, as the counter row stays
        // locked until the commit; only the mail that names it follows.
        const creditNote =
          to === 'cancelled' && mailNow && row.invoice_number !== null
            ? await assignCreditNoteNumber(trx, row.id, at)
            : null;
        if (mailNow) await mail.enqueue(trx, endedMail(row, to, reason, null, creditNote));
        await recordAudit(trx, audit, {
          action: 'order.cancelled',
          targetType: 'order',
          targetId: row.id,
          summary: `Cancelled order ${row.number}${reason ? `: ${reason}` : ''}`,
          changes: changedFields(
            { status: row.status, cancelReason: row.cancel_reason },
            { status: to, cancelReason: reason },
          ),
        });
        return true;
      }),
    ).then((done) => {
      if (done && mailNow) mail.wake();
      return done;
    });
  }

  /**
   * Refunds a cancelled paid card order and records it (with its "cancelled, refunded" mail); answers whether this
   * call recorded it. Safe to repeat: the provider's refund is idempotent and refunded_at is set once.
   */
  async function completeRefund(id: string, audit: AuditContext | null = null): Promise<boolean> {
    await payments().refundOrder(id);
    const at = now().toISOString();
    const recorded = await db.transaction().execute(async (trx) => {
      const row = await repo.findOrder(trx, id);
      if (!row || !(await lifecycleRepo.markRefunded(trx, id, at))) return false;
      // The credit note, once (refunded_at is set once above), in this transaction: no gap if it rolls back.
      const creditNote = await assignCreditNoteNumber(trx, id, at);
      await mail.enqueue(trx, endedMail(row, 'cancelled', row.cancel_reason, Number(row.total_cents), creditNote));
      // Only the refund that follows a staff cancel at once has an actor; the expiry job's retry of one records none.
      await recordAudit(trx, audit, {
        action: 'order.refunded',
        targetType: 'order',
        targetId: id,
        summary: `Refunded order ${row.number}: $${centsToDollars(Number(row.total_cents)).toFixed(2)}`,
        changes: { refunded: [false, true], creditNoteNumber: [null, creditNote] },
      });
      return true;
    });
    if (recorded) mail.wake();
    return recorded;
  }

  /**
   * Once a pending card order stopped being payable: voids the intents recorded while it was ending. A failure is
   * logged, not answered: the order's end stands, and the payment sweep job voids or refunds what is left.
   */
  async function voidAfterEnd(row: OrderRow): Promise<void> {
    if (row.status !== 'pending' || row.payment_terms !== 'card') return;
    await payments()
      .voidAfterEnd(row.id)
      .catch((error: unknown) =>
        log.error({ err: error, orderId: row.id }, 'voiding intents after an order ended failed; the sweep retries'),
      );
  }

  /** One due order: its charge wins if it succeeded, else it expires (if nothing else moved it meanwhile). */
  async function expireOne(id: string, at: string): Promise<'expired' | 'paid' | 'skipped'> {
    const row = await repo.findOrder(db, id);
    if (!row || !OPEN_ORDER_STATUSES.includes(row.status) || row.expires_at === null || row.expires_at > at) {
      return 'skipped';
    }
    if (await chargeWon(row)) return 'paid';
    if (!(await end(row, 'expired', null, true))) return 'skipped';
    await voidAfterEnd(row);
    return 'expired';
  }

  return {
    /**
     * Runs `record` (the payments module recording a new intent) in one transaction with the order held payable, so
     * a cancel, expiry or delete either waits for it (and then voids the recorded intent) or has committed already
     * ('not_payable', or 'gone' when deleted: nothing is recorded then).
     */
    async recordWhilePayable(
      id: string,
      record: (trx: Transaction<Database>) => Promise<void>,
    ): Promise<'payable' | 'not_payable' | 'gone'> {
      return db.transaction().execute(async (trx) => {
        if (await repo.holdPayable(trx, id)) {
          await record(trx);
          return 'payable';
        }
        return (await repo.findOrder(trx, id)) ? 'not_payable' : 'gone';
      });
    },

    /**
     * A card payment of a `pending` order (the payments module calls it once the provider confirmed the charge):
     * paid and `confirmed` with its history step, uncounted, the payment recorded (`record`) and the mail queued,
     * in one transaction. Only a `pending` order is payable: anything else (cancelled, expired, gone) is not_payable,
     * and the payments module refunds the charge.
     */
    async markPaid(
      id: string,
      transactionId: string,
      at: string,
      record: (trx: Transaction<Database>) => Promise<void>,
    ): Promise<PaidOutcome> {
      const outcome = await transaction(async (trx, recordPaid): Promise<PaidOutcome> => {
        const row = await repo.findOrder(trx, id);
        if (!row) return 'not_payable';
        if (row.paid_at !== null) return 'already_paid';
        if (row.status !== 'pending') return 'not_payable';
        // The role that let the buyer open the payment may have gone since (demoted to viewer, removed): the charge is
        // not the shop's to keep (B2B §4). Read in this transaction, the same rule as before the payment (ownership.ts).
        if (payRefusal(await findMembership(trx, row.user_id), row)) return 'payer_refused';
        const history = withStep(row.status_history, 'confirmed', at);
        if (!(await repo.markOrderPaid(trx, id, transactionId, at, history))) {
          // Another transaction changed it between our read and our update: paid, or moved out of `pending`.
          const after = await repo.findOrder(trx, id);
          return after?.paid_at ? 'already_paid' : 'not_payable';
        }
        await repo.uncountOpenOrder(trx, row.user_id);
        await mail.enqueue(trx, paidMail(row, 'card', transactionId));
        await record(trx);
        // Its invoice number, in the same transaction (a payment that rolls back gives the number back: no gap), and
        // last: the year's counter row stays locked until the commit, so every other payment waits the least.
        await assignInvoiceNumber(trx, id, at);
        // After its number, so the event carries it (read only when an endpoint wants the event).
        await recordPaid('order.paid', id);
        return 'paid';
      });
      if (outcome === 'paid') mail.wake();
      return outcome;
    },

    /**
     * After a charge the payer may no longer make was refunded (markPaid answered payer_refused): tells the payer how
     * much went back and why, once per charge (the outbox's dedupe key). Answers the reason, or null when the payer
     * may pay after all (nothing is sent).
     */
    async tellPayerRefunded(id: string, intentId: string, refundedCents: number): Promise<string | null> {
      const row = await repo.findOrder(db, id);
      if (!row) return null;
      const reason = payRefusal(await findMembership(db, row.user_id), row);
      if (!reason) return null;
      const data = {
        orderId: row.id,
        orderNumber: row.number,
        buyerName: row.user_name,
        poNumber: row.po_number,
        refundedCents,
        reason,
      };
      const queued = await mail.enqueue(db, {
        to: row.email,
        dedupeKey: `payment-refunded:${intentId}`,
        content: { kind: 'payment-refunded', data },
      });
      if (queued) mail.wake();
      return reason;
    },

    // Shipping and delivery (B2B §4, §14) are shipments.ts's.

    /** An on-account order's payment arrived (admin, with the transfer's reference); the status stays. */
    async markPaidOnAccount(
      user: AuthUser,
      id: string,
      reference: string,
      audit: AuditContext | null,
    ): Promise<OrderRow> {
      const row = await authorizeOrder(db, await repo.findOrder(db, id), user, 'read');
      demandPermission(user, 'finance.manage', 'Only administrators may record payments');
      if (row.payment_terms !== 'account') {
        throw new AppError(409, 'invalid_transition', 'A card order is paid by card, not marked paid');
      }
      if (row.paid_at !== null) throw new AppError(409, 'order_paid', 'This order is already paid');
      if (!PAYABLE_ON_ACCOUNT_STATUSES.includes(row.status)) throw invalidTransition(row.status, 'marked paid');
      const at = now().toISOString();
      const done = await transaction(async (trx, record) => {
        // The status condition is in the UPDATE itself: a cancel that commits in between leaves nothing to mark.
        const marked = await deps.billing.recordAccountPayment(trx, id, reference, at, PAYABLE_ON_ACCOUNT_STATUSES);
        if (marked) {
          await mail.enqueue(trx, paidMail(row, 'account', reference));
          await record('order.paid', id);
          await recordAudit(trx, audit, {
            action: 'order.marked_paid',
            targetType: 'order',
            targetId: id,
            summary: `Marked order ${row.number} paid (${reference})`,
            changes: { paid: [false, true], paidReference: [null, reference] },
          });
        }
        return marked;
      });
      if (!done) {
        const after = await reread(id);
        if (after.paid_at !== null) throw new AppError(409, 'order_paid', 'This order is already paid');
        throw invalidTransition(after.status, 'marked paid');
      }
      mail.wake();
      return reread(id);
    },

    /**
     * Cancels the order (B2B §4): its buyer while it is `pending` or `awaiting_approval`, an admin also once
     * `confirmed` (a card payment is refunded). The stock returns. An admin's cancel of a partly shipped order
     * cancels only what has not shipped (B2B §14).
     */
    async cancel(user: AuthUser, id: string, reason: string | null, audit: AuditContext | null): Promise<OrderRow> {
      let row = await authorizeOrder(db, await repo.findOrder(db, id), user, 'cancel');
      const allowed = can(user, 'finance.manage') ? ADMIN_CANCELLABLE_STATUSES : OPEN_ORDER_STATUSES;
      if (!allowed.includes(row.status)) throw invalidTransition(row.status, 'cancelled');
      if (row.status === 'partially_shipped') return deps.cancelRest(id, reason, audit);
      if (await chargeWon(row)) {
        row = await reread(id);
        if (!allowed.includes(row.status)) throw orderPaid('cancelled');
      }
      const refundDue = row.status === 'confirmed' && row.payment_terms === 'card' && row.paid_at !== null;
      if (!(await end(row, 'cancelled', reason, !refundDue, audit))) return refusedAfterRace(id, 'cancelled');
      await voidAfterEnd(row);
      if (refundDue) {
        // The cancel stands either way; a refund that fails now is retried by the expiry job (see the top).
        await completeRefund(id, audit).catch((error: unknown) =>
          log.error({ err: error, orderId: id }, 'refund after cancel failed; the expiry job retries it'),
        );
      }
      return reread(id);
    },

    /**
     * SPEC's DELETE of the buyer's own unpaid order: the open intent is voided first (a charge that already
     * succeeded wins: 409); an order that still reserved stock gives it back and is uncounted.
     */
    async deleteOrder(user: AuthUser, id: string): Promise<number> {
      const row = await authorizeOrder(db, await repo.findOrder(db, id), user, 'delete');
      if (row.paid_at !== null) throw orderPaid('deleted');
      if (!DELETABLE_ORDER_STATUSES.includes(row.status)) throw invalidTransition(row.status, 'deleted');
      if (await chargeWon(row)) throw orderPaid('deleted');
      const deleted = await movingStock(() =>
        db.transaction().execute(async (trx) => {
          // Lines first: the delete takes them with it.
          const lines = OPEN_ORDER_STATUSES.includes(row.status) ? await repo.linesOfOrders(trx, [id]) : [];
          if ((await repo.deleteUnpaidOrder(trx, id, row.status)) === 0) return 0;
          if (OPEN_ORDER_STATUSES.includes(row.status)) await repo.uncountOpenOrder(trx, row.user_id);
          await releaseLines(trx, lines);
          return 1;
        }),
      );
      if (deleted === 0) {
        // Another request got there between our read and our delete: paid, moved on, or deleted meanwhile.
        const after = await reread(id);
        if (after.paid_at !== null) throw orderPaid('deleted');
        throw invalidTransition(after.status, 'deleted');
      }
      await voidAfterEnd(row);
      return deleted;
    },

    /**
     * One expiry run (the `order-expiry` job; tests call it through the orders service): every order `pending` or
     * `awaiting_approval` whose hold ended expires, exactly once whichever instance runs it (the status-guarded
     * update decides), unless its charge had succeeded; then the refunds left owing are retried.
     */
    async expireDue(signal?: AbortSignal): Promise<ExpiryReport> {
      const report: ExpiryReport = { expired: 0, paid: 0, refunded: 0 };
      const at = now().toISOString();
      let after = '';
      for (;;) {
        const ids = await lifecycleRepo.dueForExpiry(db, at, after, EXPIRY_BATCH);
        for (const id of ids) {
          if (signal?.aborted) return report;
          after = id;
          try {
            const outcome = await expireOne(id, at);
            if (outcome !== 'skipped') report[outcome] += 1;
          } catch (error) {
            // One order the provider cannot answer for now is tried again next run; the others go on.
            log.error({ err: error, orderId: id }, 'order expiry failed for one order');
          }
        }
        if (ids.length < EXPIRY_BATCH) break;
      }
      // Paged like the expiry above: refunds the provider keeps refusing never hide the ones behind them.
      for (let afterRefund = ''; ;) {
        const owing = await lifecycleRepo.cancelledAwaitingRefund(db, afterRefund, EXPIRY_BATCH);
        for (const id of owing) {
          if (signal?.aborted) return report;
          afterRefund = id;
          try {
            if (await completeRefund(id)) report.refunded += 1;
          } catch (error) {
            log.error({ err: error, orderId: id }, 'refund of a cancelled order failed; tried again next run');
          }
        }
        if (owing.length < EXPIRY_BATCH) break;
      }
      return report;
    },
  };
}

export type OrderLifecycle = ReturnType<typeof createOrderLifecycle>;
