// SQL of credit notes (B2B §14, migrations/039): what refunds.ts's creditOrder reads of an order and writes.
import type { Insertable, Transaction } from 'kysely';
import type { CreditNotesTable, Database } from '../../infra/db/schema.js';

/** The order, its lines and what earlier credit notes took, in the caller's transaction; undefined: no such order. */
export async function creditableRows(trx: Transaction<Database>, orderId: string) {
  const order = await trx
    .selectFrom('orders')
    .select([
      'id',
      'company_id',
      'payment_terms',
      'paid_at',
      'invoice_number',
      'credit_note_number',
      'total_cents',
      'tax_cents',
      'tax_rate_milli',
    ])
    .where('id', '=', orderId)
    .executeTakeFirst();
  if (!order) return undefined;
  const [lines, credited] = await Promise.all([
    trx
      .selectFrom('order_lines')
      .select(['product_id', 'sku', 'name', 'unit_price_cents'])
      .where('order_id', '=', orderId)
      .orderBy('line_no')
      .execute(),
    trx
      .selectFrom('credit_notes')
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<string | number>('subtotal_cents'), eb.lit(0)).as('subtotal'),
        eb.fn.coalesce(eb.fn.sum<string | number>('tax_cents'), eb.lit(0)).as('tax'),
      ])
      .where('order_id', '=', orderId)
      .executeTakeFirstOrThrow(),
  ]);
  return { order, lines, credited };
}

/** Takes `cents` off an unpaid on-account invoice (the open balance counts total_cents - credited_cents). */
export async function addInvoiceCredit(trx: Transaction<Database>, orderId: string, cents: number): Promise<void> {
  await trx
    .updateTable('orders')
    .set((eb) => ({ credited_cents: eb('credited_cents', '+', cents) }))
    .where('id', '=', orderId)
    .execute();
}

export async function insertCreditNote(trx: Transaction<Database>, note: Insertable<CreditNotesTable>): Promise<void> {
  await trx.insertInto('credit_notes').values(note).execute();
}
