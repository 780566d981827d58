// Credit note numbers (B2B §11): CN-{year}-{000001}, in sequence without gaps, given once to an invoiced order when it
// is cancelled or its payment refunded. Called inside the orders module's transaction that records that (through
// orders/billing-port.ts), so both happen or neither.
import type { Transaction } from 'kysely';
import type { Database } from '../../infra/db/schema.js';
import * as repo from './document-number-repository.js';

function formatCreditNoteNumber(year: number, sequence: number): string {
  return `CN-${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * Gives the order the next credit note number of the (UTC) year of `at`, unless it has one or never had an invoice
 * (nothing to credit); answers the order's number or null. As for invoices, the caller's transaction must already
 * hold the order row (it has just marked it cancelled or refunded) and should call this last: the year's counter row
 * stays locked until the commit.
 */
export async function assignCreditNoteNumber(
  trx: Transaction<Database>,
  orderId: string,
  at: string,
): Promise<string | null> {
  const order = await repo.documentNumbersOf(trx, orderId);
  if (!order || order.invoice_number === null) return null;
  if (order.credit_note_number !== null) return order.credit_note_number;
  const year = new Date(at).getUTCFullYear();
  const number = formatCreditNoteNumber(year, await repo.takeNextCreditNoteNumber(trx, year));
  // Only possible if the caller did not hold the row: roll the whole transaction back rather than leave a gap.
  if (!(await repo.setCreditNoteNumber(trx, orderId, number, at))) {
    throw new Error(`Order ${orderId} was given a credit note number by another transaction`);
  }
  return number;
}
