// SQL of the order documents: the invoice and credit note counters, and the pages of orders and lines the CSV export reads.
import type { Transaction } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { Database, OrderStatus } from '../../infra/db/schema.js';

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

/** When the order's credit note was issued; null when it has none. */
export async function creditNoteIssuedAt(db: Db, orderId: string): Promise<string | null> {
  const row = await db.selectFrom('orders').select('credit_note_at').where('id', '=', orderId).executeTakeFirst();
  return row?.credit_note_at ?? null;
}

export interface CsvOrderFilter {
  /** Only this buyer's orders; null for all (admins). */
  userId: string | null;
  /** With userId: also this company's orders (the buyer is a member, B2B §5). */
  companyId: string | null;
  /** ISO instants: created_at >= createdFrom and < createdBefore. */
  createdFrom: string | null;
  createdBefore: string | null;
  status: OrderStatus | null;
}

export interface CsvOrderRow {
  id: string;
  number: string;
  created_at: string;
  status: OrderStatus;
  po_number: string | null;
  email: string;
  total_cents: number;
  paid_at: string | null;
}

/** The next `limit` orders after `afterId` that pass the filter, in id (creation) order: one keyset page. */
export function csvOrdersAfter(db: Db, filter: CsvOrderFilter, afterId: string, limit: number): Promise<CsvOrderRow[]> {
  let query = db
    .selectFrom('orders')
    .select(['id', 'number', 'created_at', 'status', 'po_number', 'email', 'total_cents', 'paid_at'])
    .where('id', '>', afterId);
  const { userId, companyId } = filter;
  if (userId !== null && companyId !== null) {
    query = query.where((eb) => eb.or([eb('user_id', '=', userId), eb('company_id', '=', companyId)]));
  } else if (userId !== null) query = query.where('user_id', '=', userId);
  if (filter.createdFrom !== null) query = query.where('created_at', '>=', filter.createdFrom);
  if (filter.createdBefore !== null) query = query.where('created_at', '<', filter.createdBefore);
  if (filter.status !== null) query = query.where('status', '=', filter.status);
  return query.orderBy('id', 'asc').limit(limit).execute();
}

export interface CsvLineRow {
  order_id: string;
  sku: string;
  name: string;
  quantity: number;
  unit_price_cents: number;
  line_total_cents: number;
}

/** The lines of these orders, by order then line order. */
export function csvLinesOf(db: Db, orderIds: string[]): Promise<CsvLineRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_lines')
    .select(['order_id', 'sku', 'name', 'quantity', 'unit_price_cents', 'line_total_cents'])
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('line_no')
    .execute();
}
