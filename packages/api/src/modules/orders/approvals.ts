// Approvals (B2B §4/§5, issue #25): an owner of the order's company approves an order awaiting approval (to `pending`,
// payable by card, or, on account, to `confirmed` with its due date and invoice number after the credit check again)
// or rejects it with a reason (to `rejected`, stock back). Each decision is one transaction guarded by the status it
// starts from (lifecycle-repository.ts changeStatus), with its mail and webhook event in it (the outboxes). Also the
// owners' queue. The credit check is billing's, reached through the port in deps (billing-port.ts).
//
// Locks, PostgreSQL: the company row (on account), then the order row, then the buyer's row, then the products in id
// order: the order every other write takes them in (placing/company-write-repository.ts, lifecycle.ts), so nothing deadlocks.
import {
  can,
  approvalReasonMessage,
  companyOrderingMessages,
  type ApprovalQueueItem,
  type Order,
  type OrderApproval,
  type PoNumberCheck,
  poNumberUsedMessage,
} from '@kestrel/shared';
import type { Transaction } from 'kysely';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import type { Database, PaymentTermsName } from '../../infra/db/schema.js';
import { forbidden, notFound } from '../../infra/errors.js';
import { centsToDollars } from '../../infra/money.js';
import type { AuthUser } from '../accounts/index.js';
import { companyTerms, findMembership, lockCompany, ownerEmails } from '../companies/index.js';
import * as approvalsRepo from './approvals-repository.js';
import { ordersWithPoNumber } from './po-number-repository.js';
import type { MailService, OutgoingMail } from '../mail/index.js';
import type { OrderBilling } from './billing-port.js';
import { withStep } from './history.js';
import { invalidTransition } from './lifecycle.js';
import { authorizeOrder } from './ownership.js';
import { AppError } from '../../infra/errors.js';
import * as lifecycleRepo from './lifecycle-repository.js';
import type { OrderRow } from './repository.js';
import * as repo from './repository.js';
import { codeOrder } from '../../infra/code-order.js';
import { transactionWithEvents } from '../../infra/db/transaction-with-events.js';

export interface ApprovalsDeps {
  database: OpenDatabase;
  mail: Pick<MailService, 'enqueue' | 'wake'>;
  recordEvent: (trx: Transaction<Database>, type: string, orderId: string) => Promise<boolean>;
  wakeWebhooks: () => void;
  movingStock: <T>(write: () => Promise<T>) => Promise<T>;
  /** ORDER_HOLD_MINUTES: an approved card order gets a full hold to be paid in. */
  orderHoldMinutes: number;
  toAnswer: (row: OrderRow) => Promise<Order>;
  withLines: (rows: OrderRow[]) => Promise<Order[]>;
  billing: OrderBilling;
  now?: () => Date;
}

function decidedMail(
  order: OrderRow,
  decision: 'approved' | 'rejected',
  reason: string | null,
  next: 'pay' | 'confirmed' | null,
): OutgoingMail {
  return {
    to: order.email,
    dedupeKey: `order-${decision}:${order.id}`,
    content: {
      kind: 'approval-decided',
      data: {
        orderId: order.id,
        orderNumber: order.number,
        buyerName: order.user_name,
        poNumber: order.po_number,
        totalCents: Number(order.total_cents),
        decision,
        reason,
        next,
      },
    },
  };
}

/**
 * Issue 47: the owners get one reminder 24 hours before an order awaiting approval expires, or, with a hold shorter
 * than two days, half-way through it (never at placement, which mailed them already).
 */
export const APPROVAL_REMINDER_BEFORE_MS = 24 * 60 * 60_000;
const REMINDER_BATCH = 50;

/** When the owners of this order are reminded: 24 h before it expires, not before half its hold has passed. */
export function remindAtOf(row: Pick<OrderRow, 'created_at' | 'expires_at'>): string | null {
  if (row.expires_at === null) return null;
  const created = Date.parse(row.created_at);
  const expires = Date.parse(row.expires_at);
  return new Date(Math.max(expires - APPROVAL_REMINDER_BEFORE_MS, created + (expires - created) / 2)).toISOString();
}

/** The one rule of who decides besides being an owner: anyone but the order's own buyer. */
function mayDecide(row: Pick<OrderRow, 'user_id'>, userId: string): boolean {
  return row.user_id !== userId;
}

export function createApprovals(deps: ApprovalsDeps) {
  const { database, mail, movingStock } = deps;
  const { db } = database;
  const postgres = !database.sqlite;
  const now = deps.now ?? (() => new Date());

  /**
   * The order an owner of its company may decide on: to outsiders (admins outside the company included, who see it
   * elsewhere but do not decide) it does not exist, unless they may see it: then 403.
   */
  async function decidable(user: AuthUser, id: string): Promise<OrderRow> {
    const row = await repo.findOrder(db, id);
    if (!row) throw notFound('Order');
    const membership = await findMembership(db, user.id);
    const member = row.company_id !== null && membership?.companyId === row.company_id;
    if (!member && row.user_id !== user.id && !can(user, 'orders.read')) throw notFound('Order');
    if (!member || membership?.role !== 'owner') throw forbidden(companyOrderingMessages.onlyOwnersApprove);
    // Four eyes (docs/product.md §28): an owner promoted from buyer never decides on the order they placed themselves.
    if (!mayDecide(row, user.id)) throw forbidden(companyOrderingMessages.ownOrderNotApproved);
    return row;
  }

  /** A decision's transaction, its events of order `id`; webhook delivery is woken after the commit when wanted. */
  const transaction = <T>(
    work: (trx: Transaction<Database>, record: (type: string) => Promise<void>) => Promise<T>,
    id: string,
  ): Promise<T> =>
    transactionWithEvents(
      db,
      { record: (trx, type: string) => deps.recordEvent(trx, type, id), wake: deps.wakeWebhooks },
      work,
    );

  async function raced(id: string, action: string): Promise<never> {
    const after = await repo.findOrder(db, id);
    if (!after) throw notFound('Order');
    throw invalidTransition(after.status, action);
  }

  return {
    async approve(user: AuthUser, id: string): Promise<Order> {
      const row = await decidable(user, id);
      if (row.status !== 'awaiting_approval') throw invalidTransition(row.status, 'approved');
      const onAccount = row.payment_terms === 'account';
      const companyId = row.company_id ?? '';
      const at = now().toISOString();
      const done = await transaction(async (trx, record) => {
        let terms: PaymentTermsName = 'card';
        if (onAccount) {
          // The credit check again, under the company's lock: the balance may have grown since the order was placed.
          await lockCompany(trx, companyId, postgres);
          const company = await companyTerms(trx, companyId);
          terms = company?.payment_terms ?? 'card';
          // The balance already counts this order (it is on account, unpaid, open): nothing is added to it.
          await deps.billing.checkCredit(trx, companyId, company, 0, at, Number(row.total_cents));
        }
        const to = onAccount ? 'confirmed' : 'pending';
        const changed = await lifecycleRepo.changeStatus(trx, id, 'awaiting_approval', {
          status: to,
          status_history: withStep(row.status_history, to, at),
          updated_at: at,
          // Pending: a full hold to pay in from now; confirmed: nothing left to expire.
          expires_at: onAccount ? null : new Date(now().getTime() + deps.orderHoldMinutes * 60_000).toISOString(),
        });
        if (!changed) return false;
        // Confirmed on account no longer waits for payment or approval: it leaves the buyer's open orders.
        if (onAccount) await repo.uncountOpenOrder(trx, row.user_id);
        await mail.enqueue(trx, decidedMail(row, 'approved', null, onAccount ? 'confirmed' : 'pay'));
        // Confirmed on account: billing's due date (the terms from today) and invoice number; refuses terms no longer net.
        if (onAccount) await deps.billing.confirmOnAccount(trx, id, terms, at);
        await record('order.approved');
        return true;
      }, id);
      if (!done) return raced(id, 'approved');
      mail.wake();
      return deps.toAnswer(await repo.findOrder(db, id).then((r) => r ?? raced(id, 'approved')));
    },

    async reject(user: AuthUser, id: string, reason: string): Promise<Order> {
      const row = await decidable(user, id);
      if (row.status !== 'awaiting_approval') throw invalidTransition(row.status, 'rejected');
      const at = now().toISOString();
      const done = await movingStock(() =>
        transaction(async (trx, record) => {
          const changed = await lifecycleRepo.changeStatus(trx, id, 'awaiting_approval', {
            status: 'rejected',
            status_history: withStep(row.status_history, 'rejected', at),
            updated_at: at,
            // The order answer's cancelReason carries why it ended, a rejection's reason too (docs/product.md).
            cancel_reason: reason,
          });
          if (!changed) return false;
          await repo.uncountOpenOrder(trx, row.user_id);
          const lines = await repo.linesOfOrders(trx, [id]);
          const byProduct = lines
            .filter((l) => l.product_id !== null)
            .sort((a, b) => codeOrder(String(a.product_id), String(b.product_id)));
          for (const line of byProduct)
            if (line.product_id) await repo.releaseStock(trx, line.product_id, line.quantity);
          await mail.enqueue(trx, decidedMail(row, 'rejected', reason, null));
          await record('order.rejected');
          return true;
        }, id),
      );
      if (!done) return raced(id, 'rejected');
      mail.wake();
      return deps.toAnswer(await repo.findOrder(db, id).then((r) => r ?? raced(id, 'rejected')));
    },

    /** The owner's queue: the company's orders awaiting approval, oldest first (the first to expire on top). */
    async queue(user: AuthUser): Promise<ApprovalQueueItem[]> {
      const membership = await findMembership(db, user.id);
      if (!membership) throw notFound('Company');
      if (membership.role !== 'owner') throw forbidden(companyOrderingMessages.onlyOwnersApprove);
      // What the owner may not decide (their own order, placed as a buyer) is not offered to them.
      const rows = (await approvalsRepo.awaitingApproval(db, membership.companyId)).filter((r) =>
        mayDecide(r, user.id),
      );
      const orders = await deps.withLines(rows);
      const reasons = new Map<string, string>();
      for (const row of rows) {
        const limit = await limitOf(row);
        reasons.set(row.id, approvalReasonMessage(row.user_name, limit, Number(row.total_cents)));
      }
      return orders.map((order) => ({ ...order, approvalReason: reasons.get(order._id) ?? '' }));
    },

    /**
     * Issue 47: why an order awaiting approval waits and who decides (whoever sees the order reads it; 409 when it no
     * longer waits). The limit is the one kept at placement, else the buyer's limit now (orders placed before 028).
     */
    async approvalOf(user: AuthUser, id: string): Promise<OrderApproval> {
      const row = await authorizeOrder(db, await repo.findOrder(db, id), user, 'read');
      if (row.status !== 'awaiting_approval' || row.company_id === null) {
        throw new AppError(409, 'not_awaiting_approval', 'This order does not await approval');
      }
      const limit = await limitOf(row);
      const total = Number(row.total_cents);
      return {
        orderId: row.id,
        spendingLimit: limit === null ? null : centsToDollars(limit),
        total: centsToDollars(total),
        reason: approvalReasonMessage(row.user_name, limit, total),
        deciders: (await decidersOf(row)).map((o) => ({ name: o.name })),
        expiresAt: row.expires_at,
        remindAt: remindAtOf(row),
        reminded: (row.approval_reminded_at ?? null) !== null,
      };
    },

    /**
     * Issue 47, a step of the order-expiry job: each order awaiting approval whose reminder time came (remindAtOf) and
     * that has not expired mails its deciders one reminder, exactly once per order (the guarded update decides among
     * runs; the outbox's dedupe key per owner too). Answers how many orders were reminded.
     */
    async remindDue(signal?: AbortSignal): Promise<number> {
      const at = now();
      const iso = at.toISOString();
      const until = new Date(at.getTime() + APPROVAL_REMINDER_BEFORE_MS).toISOString();
      let reminded = 0;
      for (let after: { expiresAt: string; id: string } | null = null; ;) {
        const rows = await approvalsRepo.dueForReminder(db, iso, until, after, REMINDER_BATCH);
        for (const row of rows) {
          if (signal?.aborted) return reminded;
          after = { expiresAt: row.expires_at ?? iso, id: row.id };
          const when = remindAtOf(row);
          // A short hold's reminder comes half-way through it: not yet.
          if (when === null || when > iso) continue;
          if (await remindOne(row, iso)) reminded += 1;
        }
        if (rows.length < REMINDER_BATCH) return reminded;
      }
    },

    /**
     * Issue 47: checkout's warning (never a refusal) that the caller or their company used this PO number before, on
     * an order that went ahead. Company-wide: a PO number is the company's reference, whoever placed it.
     */
    async poNumberCheck(user: AuthUser, poNumber: string): Promise<PoNumberCheck> {
      const membership = await findMembership(db, user.id);
      const rows = await ordersWithPoNumber(db, poNumber, user.id, membership?.companyId ?? null);
      const usedBy = rows.map((r) => ({ _id: r.id, number: r.number, createdAt: r.created_at }));
      return {
        poNumber,
        usedBy,
        warning:
          usedBy.length === 0
            ? null
            : poNumberUsedMessage(
                poNumber,
                usedBy.map((o) => o.number),
              ),
      };
    },
  };

  /** The limit an order awaiting approval passed: kept at placement, else the buyer's now (orders placed before 028). */
  async function limitOf(row: OrderRow): Promise<number | null> {
    const limit = row.approval_limit_cents ?? (await findMembership(db, row.user_id))?.spendingLimitCents ?? null;
    return limit === null ? null : Number(limit);
  }

  /** Who decides on the order: its company's owners, but never its own buyer (mayDecide). */
  async function decidersOf(row: OrderRow): Promise<Array<{ email: string; name: string }>> {
    if (row.company_id === null) return [];
    const owners = await ownerEmails(db, row.company_id);
    // ownerEmails names owners by address: the buyer is the owner whose address is the order's.
    return owners.filter((o) => o.email !== row.email);
  }

  async function remindOne(row: OrderRow, at: string): Promise<boolean> {
    const deciders = await decidersOf(row);
    const limit = row.approval_limit_cents ?? (await findMembership(db, row.user_id))?.spendingLimitCents ?? 0;
    const done = await db.transaction().execute(async (trx) => {
      if (!(await approvalsRepo.markReminded(trx, row.id, at))) return false;
      for (const owner of deciders) {
        await mail.enqueue(trx, {
          to: owner.email,
          dedupeKey: `approval-reminder:${row.id}:${owner.email}`,
          content: {
            kind: 'approval-reminder',
            data: {
              orderId: row.id,
              orderNumber: row.number,
              ownerName: owner.name,
              buyerName: row.user_name,
              buyerEmail: row.email,
              poNumber: row.po_number,
              totalCents: Number(row.total_cents),
              limitCents: Number(limit),
              expiresAt: row.expires_at ?? at,
            },
          },
        });
      }
      return true;
    });
    if (done && deciders.length > 0) mail.wake();
    return done;
  }
}

export type Approvals = ReturnType<typeof createApprovals>;
