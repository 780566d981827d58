// Credit note numbers (B2B §11): an invoiced order cancelled or refunded whole gets a credit note, once, through the
// one way to credit (refunds.ts creditOrder), called inside the orders module's transaction that records that
// (through orders/billing-port.ts), so both happen or neither. Partial credits (B2B §14) call creditOrder themselves.
import type { Transaction } from 'kysely';
import type { Database } from '../../infra/db/schema.js';
import * as repo from './document-number-repository.js';
import { creditOrder } from './refunds.js';

/**
 * Credits the whole of an invoiced order, unless it has a credit note already or never had an invoice (nothing to
 * credit); answers its (first) credit note's number or null. As for invoices, the caller's transaction must already
 * hold the order row (it has just marked it cancelled or refunded) and should call this last: the year's counter row
 * stays locked until the commit. A card order reaches this once its refund is made, so its note is recorded refunded.
 */
export async function assignCreditNoteNumber(
  trx: Transaction<Database>,
  orderId: string,
  at: string,
): Promise<string | null> {
  const order = await repo.documentNumbersOf(trx, orderId);
  if (!order || order.invoice_number === null) return null;
  if (order.credit_note_number !== null) return order.credit_note_number;
  const credit = await creditOrder(trx, { orderId, lines: 'all', reason: 'cancellation', at, refunded: true });
  return credit?.creditNoteNumber ?? null;
}
