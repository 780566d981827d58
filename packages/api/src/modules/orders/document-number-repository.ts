// SQL of an order's document numbers (B2B §6, §11): the per-year invoice and credit note counters and the order's
// numbers. The orders module owns them because it gives them in its own transactions (lifecycle.ts: paid, confirmed
// on account, cancelled, refunded); the documents module only prints them. Quote numbers (B2B §10, modules/quotes)
// are taken by the same mechanism (takeNextNumber) from their own counter.
import type { Transaction } from 'kysely';
import type { Database } from '../../infra/db/schema.js';

/** The per-year counters of gap-free numbers: invoices (B2B §6), credit notes (§11), quotes (§10). */
export type CounterTable = 'invoice_counters' | 'credit_note_counters' | 'quote_counters';

/**
 * Takes the next number of `year` from `counter` in one statement on both dialects: the year's row is inserted with
 * 1, or its last number goes up by one. The upsert locks the row until the caller's transaction ends, so concurrent
 * callers take consecutive numbers, and a rollback returns the number (no gap). The one mechanism of every gap-free
 * number.
 */
export async function takeNextNumber(trx: Transaction<Database>, counter: CounterTable, year: number): Promise<number> {
  const row = await trx
    .insertInto(counter)
    .values({ year, last_number: 1 })
    .onConflict((oc) => oc.column('year').doUpdateSet((eb) => ({ last_number: eb(`${counter}.last_number`, '+', 1) })))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/** Takes the next invoice number of `year` (takeNextNumber): concurrent payments take consecutive numbers. */
export function takeNextInvoiceNumber(trx: Transaction<Database>, year: number): Promise<number> {
  return takeNextNumber(trx, 'invoice_counters', year);
}

export async function invoiceNumberOf(trx: Transaction<Database>, orderId: string): Promise<string | null | undefined> {
  const row = await trx.selectFrom('orders').select('invoice_number').where('id', '=', orderId).executeTakeFirst();
  return row?.invoice_number;
}

/** Writes the number only where the order has none; answers whether it did. */
export async function setInvoiceNumber(trx: Transaction<Database>, orderId: string, number: string): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ invoice_number: number })
    .where('id', '=', orderId)
    .where('invoice_number', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Takes the next credit note number of `year`, as takeNextInvoiceNumber does for invoices. */
export function takeNextCreditNoteNumber(trx: Transaction<Database>, year: number): Promise<number> {
  return takeNextNumber(trx, 'credit_note_counters', year);
}

export function documentNumbersOf(trx: Transaction<Database>, orderId: string) {
  return trx
    .selectFrom('orders')
    .select(['invoice_number', 'credit_note_number'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/** Writes the credit note number only where the order has none; answers whether it did. */
export async function setCreditNoteNumber(
  trx: Transaction<Database>,
  orderId: string,
  number: string,
  at: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ credit_note_number: number, credit_note_at: at, updated_at: at })
    .where('id', '=', orderId)
    .where('credit_note_number', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
