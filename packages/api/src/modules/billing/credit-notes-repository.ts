// SQL of credit notes (B2B §14, migrations/039): what refunds.ts's creditOrder reads of an order and writes.
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
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

/** Order ids per query, as the orders' own batch reads. */
const IDS_PER_QUERY = 1_000;

export type CreditNoteSummaryRow = Pick<
  Selectable<CreditNotesTable>,
  'order_id' | 'number' | 'reason' | 'total_cents' | 'created_at' | 'refunded_at'
>;

/** The credit notes of these orders, oldest first, grouped by order id (the order answers' `creditNotes`). */
export async function creditNotesOfOrders(
  db: Kysely<Database>,
  orderIds: readonly string[],
): Promise<Map<string, CreditNoteSummaryRow[]>> {
  const byOrder = new Map<string, CreditNoteSummaryRow[]>();
  for (let start = 0; start < orderIds.length; start += IDS_PER_QUERY) {
    const rows = await db
      .selectFrom('credit_notes')
      .select(['order_id', 'number', 'reason', 'total_cents', 'created_at', 'refunded_at'])
      .where('order_id', 'in', orderIds.slice(start, start + IDS_PER_QUERY))
      .orderBy('order_id')
      .orderBy('number')
      .execute();
    for (const row of rows) {
      const list = byOrder.get(row.order_id) ?? [];
      list.push(row);
      byOrder.set(row.order_id, list);
    }
  }
  return byOrder;
}

/** A card credit note whose refund is still to be made, with the intent its order was paid by. */
export interface DueCardRefund {
  number: string;
  total_cents: number | string;
  transaction_id: string | null;
}

/** Card credit notes not yet refunded: these `numbers`, or (none given) every one, oldest first, at most `limit`. */
export function dueCardRefunds(db: Kysely<Database>, numbers: readonly string[] | undefined, limit: number) {
  let query = db
    .selectFrom('credit_notes')
    .innerJoin('orders', 'orders.id', 'credit_notes.order_id')
    .select(['credit_notes.number', 'credit_notes.total_cents', 'orders.transaction_id'])
    .where('credit_notes.settlement', '=', 'card')
    .where('credit_notes.refunded_at', 'is', null);
  if (numbers) query = query.where('credit_notes.number', 'in', numbers);
  return query.orderBy('credit_notes.created_at').limit(limit).execute() as Promise<DueCardRefund[]>;
}

/** Records a card credit note's refund, once. */
export async function markCreditRefunded(db: Kysely<Database>, number: string, refundId: string, at: string) {
  await db
    .updateTable('credit_notes')
    .set({ refund_id: refundId, refunded_at: at })
    .where('number', '=', number)
    .where('refunded_at', 'is', null)
    .execute();
}

/** One credit note of one order (its PDF); undefined when the number is not that order's. */
export function creditNoteOf(db: Kysely<Database>, orderId: string, number: string) {
  return db
    .selectFrom('credit_notes')
    .selectAll()
    .where('number', '=', number)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
}
