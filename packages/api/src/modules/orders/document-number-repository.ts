// SQL of an order's document numbers (B2B §6, §11): the per-year invoice and credit note counters and the order's
// numbers. The orders module owns them because it gives them in its own transactions (lifecycle.ts: paid, confirmed
// on account, cancelled, refunded); the documents module only prints them.
import type { Transaction } from 'kysely';
import type { Database } from '../../infra/db/schema.js';

/**
 * Takes the next invoice number of `year` in one statement on both dialects: the year's row is inserted with 1, or
 * its last number goes up by one. The upsert locks the row until the caller's transaction ends, so concurrent
 * payments take consecutive numbers, and a rollback returns the number (no gap).
 */
export async function takeNextInvoiceNumber(trx: Transaction<Database>, year: number): Promise<number> {
  const row = await trx
    .insertInto('invoice_counters')
    .values({ year, last_number: 1 })
    .onConflict((oc) =>
      oc.column('year').doUpdateSet((eb) => ({ last_number: eb('invoice_counters.last_number', '+', 1) })),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
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
export async function takeNextCreditNoteNumber(trx: Transaction<Database>, year: number): Promise<number> {
  const row = await trx
    .insertInto('credit_note_counters')
    .values({ year, last_number: 1 })
    .onConflict((oc) =>
      oc.column('year').doUpdateSet((eb) => ({ last_number: eb('credit_note_counters.last_number', '+', 1) })),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
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
