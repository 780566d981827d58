// The `company` path of placing/index.ts: the write of an order that a company rule applies to (B2B §5, issue #25):
// a buyer with a spending limit, or payment on account. Such orders leave the hot paths for one plain transaction on
// either database, because their outcome depends on the total and on the company's balance (ADR 009):
//
//   lock the company row (PostgreSQL FOR UPDATE; SQLite's single writer already serializes), then the buyer's row,
//   then the products in id order (the order every other write locks them in: no deadlock), decide the lines with the
//   orders service's rule, choose the status (company-rules.ts), check the credit when on account, take the stock,
//   write the order, its lines, its due date and invoice number (billing's, confirmed on account), its mail and
//   webhook event.
//
// Two on-account orders of one company thus sum the balance one after the other: together they never pass the limit.
// An accepted quote's order (B2B §10) comes here too, with or without a company rule: its claim of the quote runs
// first in the same transaction (`within.before`), its records last (`within.after`).
import { sql, type Transaction } from 'kysely';
import type { OpenDatabase } from '../../../infra/db/create-db.js';
import type { Database } from '../../../infra/db/schema.js';
import { AppError } from '../../../infra/errors.js';
import { lockCompany, companyTerms, ownerEmails } from '../../companies/index.js';
import type { MailService, OutgoingMail } from '../../mail/index.js';
import type { WebhooksService } from '../../webhooks/index.js';
import type { OrderBilling } from '../billing-port.js';
import { placementOf, type CompanyPlacement, type Placement } from '../company-rules.js';
import { reserveOrderNumbers } from '../order-number-repository.js';
import { formatOrderNumber, numberYearOf, type NextOrderNumber } from '../order-numbers.js';
import {
  TERMS_COLUMNS,
  isProductTerms,
  rowsOf,
  tooManyUnpaid,
  type DecideLines,
  type LineRequest,
  type PendingOrder,
  type PlacedEvent,
  type PlacedOrder,
  type ProductTerms,
} from './placed-rows.js';

export interface CompanyOrderWriterOptions {
  maxOpenOrders: number;
  limitMessage: string;
  placedMails: (placed: PlacedOrder) => OutgoingMail[];
  mail: Pick<MailService, 'enqueue'>;
  webhooks: Pick<WebhooksService, 'insert'>;
  /** The credit check and the invoice number (billing's), run below under the company's lock. */
  billing: OrderBilling;
  /** PostgreSQL's number allocator, shared with the hot paths (placing/index.ts); SQLite numbers in the transaction. */
  nextNumber: NextOrderNumber | undefined;
}

/**
 * B2B §10: what an accepted quote adds to the order's own transaction: `before` runs first (the quote's claim: it
 * throws to refuse, and nothing is written), `after` once the order is written (the quote's mail and event).
 */
export interface WithinOrder {
  before?(trx: Transaction<Database>): Promise<void>;
  after?(trx: Transaction<Database>, placed: PlacedOrder): Promise<void>;
}

/**
 * `company` undefined: no company rule applies (a card order of a buyer without a limit, or of no company); only an
 * accepted quote's order comes here so (`within`), every other such order takes a hot path (placing/index.ts).
 */
export type CompanyOrderWriter = (
  order: PendingOrder,
  lines: LineRequest[],
  decide: DecideLines,
  event: PlacedEvent | undefined,
  company: CompanyPlacement | undefined,
  within?: WithinOrder,
) => Promise<PlacedOrder>;

/** "Approval needed", one per owner of the company (the outbox's dedupe key: once per order and owner). */
function approvalNeededMails(
  placed: PlacedOrder,
  owners: Array<{ email: string; name: string }>,
  limitCents: number,
): OutgoingMail[] {
  const { order } = placed;
  return owners.map((owner) => ({
    to: owner.email,
    dedupeKey: `approval-needed:${order.id}:${owner.email}`,
    content: {
      kind: 'approval-needed',
      data: {
        orderId: order.id,
        orderNumber: order.number,
        ownerName: owner.name,
        buyerName: order.user_name,
        buyerEmail: order.email,
        poNumber: order.po_number,
        totalCents: Number(order.total_cents),
        limitCents,
      },
    },
  }));
}

async function lockedProducts(
  trx: Transaction<Database>,
  ids: string[],
  postgres: boolean,
): Promise<Map<string, ProductTerms>> {
  const sorted = [...new Set(ids)].sort();
  const rows = postgres
    ? (
        await sql<ProductTerms>`SELECT ${sql.join(TERMS_COLUMNS.map((c) => sql.ref(c)))} FROM products
          WHERE id IN (${sql.join(sorted)}) ORDER BY id FOR UPDATE`.execute(trx)
      ).rows
    : await trx.selectFrom('products').select(TERMS_COLUMNS).where('id', 'in', sorted).orderBy('id').execute();
  return new Map(rows.filter(isProductTerms).map((p) => [p.id, p]));
}

export function createCompanyOrderWriter(
  database: OpenDatabase,
  options: CompanyOrderWriterOptions,
): CompanyOrderWriter {
  const { db } = database;
  const postgres = !database.sqlite;
  // PostgreSQL takes its numbers from blocks outside the transaction (they may skip, B2B §11); SQLite's in it.
  const { maxOpenOrders, limitMessage, placedMails, mail, webhooks, billing, nextNumber } = options;

  return async (pending, lines, decide, event, company, within) => {
    const year = numberYearOf(pending.created_at);
    const preNumbered = nextNumber ? await nextNumber(year) : undefined;
    return db.transaction().execute(async (trx) => {
      await within?.before?.(trx);
      if (company && !(await lockCompany(trx, company.companyId, postgres))) {
        throw new AppError(409, 'company_gone', 'Your company account no longer exists');
      }
      const terms = company ? await companyTerms(trx, company.companyId) : undefined;
      if (postgres) await sql`SELECT open_orders FROM users WHERE id = ${pending.user_id} FOR UPDATE`.execute(trx);
      const byId = await lockedProducts(
        trx,
        lines.map((l) => l.productId),
        postgres,
      );
      const products = lines.map((l) => byId.get(l.productId));
      const units = decide(products);
      const number = preNumbered ?? formatOrderNumber(year, await reserveOrderNumbers(trx, year, 1));
      const placed = rowsOf({ ...pending, number }, products.filter(isProductTerms), lines, units);
      const at = pending.created_at;
      const total = Number(placed.order.total_cents);
      // The status, due date and terms this order is placed with (company-rules.ts), on the terms read under the lock.
      const placement: Placement = company
        ? placementOf(company, terms, total)
        : { status: 'pending', onAccount: false };
      if (company && placement.onAccount) await billing.checkCredit(trx, company.companyId, terms, total, at);
      placed.order = {
        ...placed.order,
        company_id: company?.companyId ?? pending.company_id,
        status: placement.status,
        status_history: JSON.stringify([{ status: placement.status, at }]),
        // Why it waits (issue 47): the limit it passed, kept as it was now.
        approval_limit_cents: placement.status === 'awaiting_approval' ? (company?.spendingLimitCents ?? null) : null,
        payment_terms: placement.onAccount ? 'account' : 'card',
        // A confirmed order holds nothing awaiting payment: it never expires.
        expires_at: placement.status === 'confirmed' ? null : pending.expires_at,
      };
      if (placement.status !== 'confirmed') {
        const counted = await trx
          .updateTable('users')
          .set((eb) => ({ open_orders: eb('open_orders', '+', 1) }))
          .where('id', '=', pending.user_id)
          .where('open_orders', '<', maxOpenOrders)
          .executeTakeFirst();
        if (Number(counted.numUpdatedRows) !== 1) throw tooManyUnpaid(limitMessage);
      }
      for (const line of placed.lines) {
        if (!line.product_id) continue;
        // The products are locked and decide checked the stock; the guard only makes a mistake loud.
        const taken = await trx
          .updateTable('products')
          .set((eb) => ({ available_quantity: eb('available_quantity', '-', line.quantity) }))
          .where('id', '=', line.product_id)
          .where('available_quantity', '>=', line.quantity)
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) throw new Error('stock moved under a locked product');
      }
      await trx.insertInto('orders').values(placed.order).execute();
      await trx.insertInto('order_lines').values(placed.lines).execute();
      if (placement.status === 'confirmed' && terms) {
        // Confirmed on account: billing gives its due date and invoice number now (B2B §5, §6), in this transaction
        // (no gap if it rolls back); the mails below carry both.
        const confirmed = await billing.confirmOnAccount(trx, placed.order.id, terms.payment_terms, at);
        placed.order = { ...placed.order, due_date: confirmed.dueDate, invoice_number: confirmed.invoiceNumber };
      }
      for (const message of placedMails(placed)) await mail.enqueue(trx, message);
      if (company && placement.status === 'awaiting_approval') {
        const owners = await ownerEmails(trx, company.companyId);
        for (const message of approvalNeededMails(placed, owners, company.spendingLimitCents ?? 0)) {
          await mail.enqueue(trx, message);
        }
      }
      if (event) await webhooks.insert(trx, event(placed));
      await within?.after?.(trx, placed);
      return placed;
    });
  };
}
