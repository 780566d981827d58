// SQL of an order's document numbers (B2B §6, §11): the invoice and credit note counters and the order's numbers.
// Billing owns them and gives them inside the orders module's own transactions (paid, confirmed on account,
// cancelled, refunded), which reach them through orders/billing-port.ts; the documents module only prints them.
// Every per-year counter, quotes' too, is infra/db/year-counters.ts's takeNextNumber.
import type { Transaction } from 'kysely';
import { takeNextNumber } from '../../infra/db/year-counters.js';
import type { Database } from '../../infra/db/schema.js';

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
