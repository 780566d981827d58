// Credits (B2B §14): the one computation of what a credit gives back, and the one way an order is credited. A
// cancellation of the whole order (§11), of its unshipped rest, and a received return all credit through
// creditOrder, inside the caller's transaction, so the credit note, the balance and the order's own change commit
// together or not at all. The card refund itself is a network call and is made after the commit (payments'
// refundCredit), keyed by the credit note's number, so a retry never refunds twice and a failure stays due.
import type { Transaction } from 'kysely';
import type { Database } from '../../infra/db/schema.js';
import { AppError } from '../../infra/errors.js';
import * as notes from './credit-notes-repository.js';
import * as repo from './document-number-repository.js';
import { creditedTaxCents } from './tax.js';

export function formatCreditNoteNumber(year: number, sequence: number): string {
  return `CN-${year}-${String(sequence).padStart(6, '0')}`;
}

export type CreditReason = 'cancellation' | 'return';
export type CreditSettlement = 'card' | 'invoice' | 'balance';

/**
 * Units of one order line credited, named by its product; a line whose product was deleted since (productId null) is
 * named by the SKU it was ordered under.
 */
export interface CreditLine {
  productId: string | null;
  sku?: string;
  quantity: number;
}

/** The order line a credit line names. */
function lineOf<L extends { productId: string | null; sku: string }>(lines: readonly L[], line: CreditLine) {
  return lines.find((l) =>
    line.productId !== null ? l.productId === line.productId : l.productId === null && l.sku === line.sku,
  );
}

/** A credit note's line as it is kept and printed. */
export interface CreditNoteLine extends CreditLine {
  sku: string;
  name: string;
  unitPriceCents: number;
}

/** What refundOf needs of an order: its lines' unit prices, its totals and what earlier credits took. */
export interface CreditableOrder {
  lines: ReadonlyArray<{ productId: string | null; sku: string; name: string; unitPriceCents: number }>;
  subtotalCents: number;
  taxCents: number;
  rateMilli: number;
  credited: { subtotalCents: number; taxCents: number };
}

export interface RefundAmounts {
  subtotal: number;
  taxTotal: number;
  total: number;
}

/**
 * What crediting `lines` of `order` gives back, in cents: the units at their unit price, plus the order's tax on them
 * (creditedTaxCents: half up, and the credit that completes the order takes exactly the tax left, so partial credits
 * never lose or add a cent). A reverse-charge or exempt order was taxed at 0 and credits none. Lines of products the
 * order does not hold are the caller's to refuse first; here they throw.
 */
export function refundOf(order: CreditableOrder, lines: readonly CreditLine[]): RefundAmounts {
  let subtotal = 0;
  for (const line of lines) {
    const ordered = lineOf(order.lines, line);
    if (!ordered) throw new Error(`Product ${line.productId ?? line.sku} is not on the order`);
    subtotal += ordered.unitPriceCents * line.quantity;
  }
  const taxTotal = creditedTaxCents(
    { subtotalCents: order.subtotalCents, taxCents: order.taxCents, rateMilli: order.rateMilli },
    order.credited,
    subtotal,
  );
  return { subtotal, taxTotal, total: subtotal + taxTotal };
}

export interface CreditRequest {
  orderId: string;
  /** The units credited; 'all' credits whatever of the order is not credited yet (a whole cancellation). */
  lines: readonly CreditLine[] | 'all';
  reason: CreditReason;
  at: string;
  /** The card refund was made before this call (a whole cancellation refunds the intent first): recorded as made. */
  refunded?: boolean;
}

export interface IssuedCredit {
  creditNoteNumber: string;
  /** Cents given back. */
  total: number;
  settlement: CreditSettlement;
}

/** The order as creditOrder reads it, in the caller's transaction. */
async function creditableOf(trx: Transaction<Database>, orderId: string) {
  const found = await notes.creditableRows(trx, orderId);
  if (!found) return undefined;
  const { order, lines, credited } = found;
  const taxCents = Number(order.tax_cents ?? 0);
  const creditable: CreditableOrder = {
    lines: lines.map((l) => ({
      productId: l.product_id,
      sku: l.sku,
      name: l.name,
      unitPriceCents: Number(l.unit_price_cents),
    })),
    subtotalCents: Number(order.total_cents) - taxCents,
    taxCents,
    rateMilli: Number(order.tax_rate_milli ?? 0),
    credited: { subtotalCents: Number(credited.subtotal), taxCents: Number(credited.tax) },
  };
  return { order, creditable };
}

/**
 * Credits an invoiced order inside the caller's transaction, which must already hold the order's row (it has just
 * written the cancel, the shipment's change or the return's receipt): writes the credit note (CN-{year}-{000001}, in
 * sequence; the order's creditNoteNumber stays its first), and settles it: a card order's refund is recorded as due
 * unless `refunded`; an unpaid on-account invoice is lowered by it; a paid one credits the company's account. Answers
 * null for an order never invoiced (nothing was charged, nothing to credit). Call it last in the transaction: the
 * year's counter row stays locked until the commit.
 */
export async function creditOrder(trx: Transaction<Database>, request: CreditRequest): Promise<IssuedCredit | null> {
  const found = await creditableOf(trx, request.orderId);
  if (!found || found.order.invoice_number === null) return null;
  const { order, creditable } = found;

  let credited: CreditNoteLine[] | null;
  let amounts: RefundAmounts;
  if (request.lines === 'all') {
    credited = null;
    const subtotal = creditable.subtotalCents - creditable.credited.subtotalCents;
    const taxTotal = creditable.taxCents - creditable.credited.taxCents;
    amounts = { subtotal, taxTotal, total: subtotal + taxTotal };
  } else {
    credited = request.lines.map((line) => {
      const ordered = lineOf(creditable.lines, line);
      if (!ordered)
        throw new AppError(400, 'bad_request', `Product ${line.productId ?? line.sku} is not on this order`);
      return {
        productId: line.productId,
        quantity: line.quantity,
        sku: ordered.sku,
        name: ordered.name,
        unitPriceCents: ordered.unitPriceCents,
      };
    });
    amounts = refundOf(creditable, request.lines);
  }
  if (creditable.credited.subtotalCents + amounts.subtotal > creditable.subtotalCents) {
    // The callers bound the units (shipped, returned, cancelled) first; past them is a bug, never a second refund.
    throw new Error(`Order ${order.id} would be credited more than it cost`);
  }

  const year = new Date(request.at).getUTCFullYear();
  const number = formatCreditNoteNumber(year, await repo.takeNextCreditNoteNumber(trx, year));
  // The order's first note names it; only a caller not holding the row could lose this, and then all rolls back.
  if (order.credit_note_number === null && !(await repo.setCreditNoteNumber(trx, order.id, number, request.at))) {
    throw new Error(`Order ${order.id} was given a credit note number by another transaction`);
  }

  const settlement: CreditSettlement =
    order.payment_terms === 'card' ? 'card' : order.paid_at === null ? 'invoice' : 'balance';
  if (settlement === 'invoice') {
    await notes.addInvoiceCredit(trx, order.id, amounts.total);
  }
  await notes.insertCreditNote(trx, {
    number,
    order_id: order.id,
    company_id: order.company_id,
    reason: request.reason,
    lines: credited === null ? null : JSON.stringify(credited),
    subtotal_cents: amounts.subtotal,
    tax_cents: amounts.taxTotal,
    total_cents: amounts.total,
    settlement,
    refunded_at: settlement === 'card' && request.refunded ? request.at : null,
    created_at: request.at,
  });
  return { creditNoteNumber: number, total: amounts.total, settlement };
}
