// SQL of orders and their lines once placed (the placing writes are placing/).
import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { Database, OrderLinesTable, OrdersTable, OrderStatus } from '../../infra/db/schema.js';

export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
type Executor = Db | Transaction<Database>;

/**
 * One page of the admin's full list (full-list.ts): the next `limit` orders after the id `after` ('' for the first
 * page), or of those in one status, in creation order (ids are time-ordered), walked on the primary key from the cursor.
 */
export function ordersAfter(
  db: Db,
  after: string,
  status: OrderStatus | undefined,
  limit: number,
): Promise<OrderRow[]> {
  let query = db.selectFrom('orders').selectAll().where('id', '>', after);
  if (status !== undefined) query = query.where('status', '=', status);
  return query.orderBy('id', 'asc').limit(limit).execute();
}

/**
 * The lines of the same page of the full list (ordersAfter's orders), in line order: the page is named by the same
 * cursor, so both reads can be asked for at once.
 */
export function linesOfOrdersAfter(
  db: Db,
  after: string,
  status: OrderStatus | undefined,
  limit: number,
): Promise<OrderLineRow[]> {
  return db
    .selectFrom('order_lines')
    .selectAll()
    .where('order_id', 'in', (eb) => {
      let page = eb.selectFrom('orders').select('id').where('id', '>', after);
      if (status !== undefined) page = page.where('status', '=', status);
      return page.orderBy('id', 'asc').limit(limit);
    })
    .orderBy('order_id')
    .orderBy('line_no')
    .execute();
}

export interface ChangedOrdersQuery {
  /** Orders whose updated_at is later than this, or equal to it with an id after `after` (when given). */
  since: string;
  after: string | null;
  /** ... and no later than this (the poll's settling time). */
  until: string;
  status: OrderStatus | null;
  limit: number;
}

/**
 * The integration poll's page (B2B §9): orders changed in (since, until], in (updated_at, id) order, walked on the
 * orders_updated_at_id index from the cursor, so a page costs the same at a million orders as at ten. The query is
 * exported apart so that a test can ask each database for its plan.
 */
export function changedOrdersQuery(db: Db, q: ChangedOrdersQuery) {
  let query = db.selectFrom('orders').selectAll();
  const { after } = q;
  query =
    after === null
      ? query.where('updated_at', '>', q.since)
      : query.where((eb) => eb(eb.refTuple('updated_at', 'id'), '>', eb.tuple(q.since, after)));
  query = query.where('updated_at', '<=', q.until);
  if (q.status !== null) query = query.where('status', '=', q.status);
  return query.orderBy('updated_at', 'asc').orderBy('id', 'asc').limit(q.limit);
}

export function ordersChangedSince(db: Db, q: ChangedOrdersQuery): Promise<OrderRow[]> {
  return changedOrdersQuery(db, q).execute();
}

export function listOrdersOfUser(db: Db, userId: string): Promise<OrderRow[]> {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id', 'asc').execute();
}

/** A company's newest orders, newest first: one walk down orders_company_created (migrations/020-companies.ts). */
export function listCompanyOrders(db: Db, companyId: string, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('company_id', '=', companyId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export function findOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Order ids per lines query: far below SQLite's 32,766 and PostgreSQL's 65,535 bound parameters. */
const IDS_PER_QUERY = 1_000;

/** The lines of these orders, in line order (a long list is asked for in parts, in the order given). */
export async function linesOfOrders(db: Executor, orderIds: string[]): Promise<OrderLineRow[]> {
  const lines: OrderLineRow[] = [];
  for (let start = 0; start < orderIds.length; start += IDS_PER_QUERY) {
    const part = await db
      .selectFrom('order_lines')
      .selectAll()
      .where('order_id', 'in', orderIds.slice(start, start + IDS_PER_QUERY))
      .orderBy('order_id')
      .orderBy('line_no')
      .execute();
    lines.push(...part);
  }
  return lines;
}

/** Every line of every order of the user (or, without a user, of all orders), in line order. */
export function linesOfOrdersOf(db: Db, userId: string | null): Promise<OrderLineRow[]> {
  let query = db.selectFrom('order_lines').selectAll('order_lines');
  if (userId !== null) {
    query = query.innerJoin('orders', 'orders.id', 'order_lines.order_id').where('orders.user_id', '=', userId);
  }
  return query.orderBy('order_lines.order_id').orderBy('order_lines.line_no').execute();
}

/**
 * Deletes the order only while it is unpaid and still in the status the caller judged, so a payment or another
 * transition landing at the same moment wins.
 */
export async function deleteUnpaidOrder(trx: Transaction<Database>, id: string, status: OrderStatus): Promise<number> {
  const result = await trx
    .deleteFrom('orders')
    .where('id', '=', id)
    .where('paid_at', 'is', null)
    .where('status', '=', status)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Marks an unpaid `pending` order paid and confirmed, with that step added to its history; answers whether this call
 * did it (paying twice changes nothing; an order cancelled or expired meanwhile is not paid). `history` is the new
 * history, built from the row the caller read in this transaction; the conditions make the first payment the only
 * one to write it.
 */
export async function markOrderPaid(
  trx: Executor,
  id: string,
  transactionId: string,
  paidAt: string,
  history: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({
      paid_at: paidAt,
      transaction_id: transactionId,
      status: 'confirmed',
      status_history: history,
      updated_at: paidAt,
    })
    .where('id', '=', id)
    .where('paid_at', 'is', null)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives reserved units back (the product may be gone, then nothing happens). */
export async function releaseStock(trx: Transaction<Database>, productId: string, quantity: number): Promise<void> {
  await trx
    .updateTable('products')
    .set((eb) => ({ available_quantity: eb('available_quantity', '+', quantity) }))
    .where('id', '=', productId)
    .execute();
}

/** The order no longer reserves stock unpaid: one less toward the buyer's open-order limit. */
export async function uncountOpenOrder(trx: Transaction<Database>, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ open_orders: eb('open_orders', '-', 1) }))
    .where('id', '=', userId)
    .where('open_orders', '>', 0)
    .execute();
}

/**
 * Holds an order that may still be paid (`pending`, unpaid) until the caller's transaction ends, by a no-op update of
 * its row: a cancel, expiry or delete of it waits, and one that committed first leaves nothing to match. Answers
 * whether the order is payable (and now held).
 */
export async function holdPayable(trx: Transaction<Database>, id: string): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ status: 'pending' })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('paid_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
