// SQL of the order documents: when a credit note was issued, the company a document bills, and the pages of orders
// and lines the CSV export reads. (The invoice and credit note counters are billing's: billing/document-number-repository.ts.)
import type { Db } from '../../infra/db/create-db.js';
import type { OrderStatus } from '../../infra/db/schema.js';

/** When the order's credit note was issued; null when it has none. */
export async function creditNoteIssuedAt(db: Db, orderId: string): Promise<string | null> {
  const row = await db.selectFrom('orders').select('credit_note_at').where('id', '=', orderId).executeTakeFirst();
  return row?.credit_note_at ?? null;
}

/** The company an order was placed for, as its documents print it (B2B §5, §6); undefined when it is gone. */
export function companyForDocuments(db: Db, companyId: string) {
  return db
    .selectFrom('companies')
    .select(['name', 'tax_id', 'billing_address'])
    .where('id', '=', companyId)
    .executeTakeFirst();
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
  /** B2B §13: the order's tax; the country whose rate applied (null: an untaxed order's, see orders-csv.ts). */
  tax_cents: number | string;
  tax_country: string | null;
  ship_to_country: string | null;
  /** The name of the company the order was placed for; null for a personal order. */
  company_name: string | null;
}

/** The next `limit` orders after `afterId` that pass the filter, in id (creation) order: one keyset page. */
export function csvOrdersAfter(db: Db, filter: CsvOrderFilter, afterId: string, limit: number): Promise<CsvOrderRow[]> {
  // The company's name by its primary key, per row of the page: the keyset scan of orders stays the plan.
  let query = db
    .selectFrom('orders')
    .leftJoin('companies', 'companies.id', 'orders.company_id')
    .select([
      'orders.id',
      'orders.number',
      'orders.created_at',
      'orders.status',
      'orders.po_number',
      'orders.email',
      'orders.total_cents',
      'orders.paid_at',
      'orders.tax_cents',
      'orders.tax_country',
      'orders.ship_to_country',
      'companies.name as company_name',
    ])
    .where('orders.id', '>', afterId);
  const { userId, companyId } = filter;
  if (userId !== null && companyId !== null) {
    query = query.where((eb) => eb.or([eb('orders.user_id', '=', userId), eb('orders.company_id', '=', companyId)]));
  } else if (userId !== null) query = query.where('orders.user_id', '=', userId);
  if (filter.createdFrom !== null) query = query.where('orders.created_at', '>=', filter.createdFrom);
  if (filter.createdBefore !== null) query = query.where('orders.created_at', '<', filter.createdBefore);
  if (filter.status !== null) query = query.where('orders.status', '=', filter.status);
  return query
    .orderBy('orders.id', 'asc')
    .limit(limit)
    .execute()
    .then((rows) =>
      rows.map((r) => ({
        ...r,
        tax_cents: r.tax_cents ?? 0,
        tax_country: r.tax_country ?? null,
        ship_to_country: r.ship_to_country ?? null,
      })),
    );
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
