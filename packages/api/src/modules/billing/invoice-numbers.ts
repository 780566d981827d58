// Invoice numbers (B2B §6): INV-{year}-{000001}, in sequence without gaps, given once to an order when it is paid or
// confirmed on account. Called inside the orders module's transaction that pays or confirms the order (through
// orders/billing-port.ts), so both happen or neither.
import type { Transaction } from 'kysely';
import type { Database } from '../../infra/db/schema.js';
import * as repo from './document-number-repository.js';

function formatInvoiceNumber(year: number, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(6, '0')}`;
}

/**
 * Gives the order the next number of the (UTC) year of `at`, unless it already has one; answers the order's number
 * (null when the order does not exist). The caller's transaction must already hold the order row (it has just marked
 * it paid or confirmed), so no other transaction gives it a number meanwhile, and a number is only taken when it is
 * used.
 */
export async function assignInvoiceNumber(
  trx: Transaction<Database>,
  orderId: string,
  at: string,
): Promise<string | null> {
  const existing = await repo.invoiceNumberOf(trx, orderId);
  if (existing === undefined) return null;
  if (existing !== null) return existing;
  const year = new Date(at).getUTCFullYear();
  const number = formatInvoiceNumber(year, await repo.takeNextInvoiceNumber(trx, year));
  // Only possible if the caller did not hold the row: roll the whole transaction back rather than leave a gap.
  if (!(await repo.setInvoiceNumber(trx, orderId, number))) {
    throw new Error(`Order ${orderId} was given an invoice number by another transaction`);
  }
  return number;
}
