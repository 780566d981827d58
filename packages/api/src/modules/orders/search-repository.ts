// SQL of the order search (B2B §11): one filter for the page and its total, each kind of `q` answered by its own
// index (migrations/016-order-desk.ts), so a search stays a few index probes at a year of orders.
import type { OrderSearchSort } from '@kestrel/shared';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import type { OrderStatus } from '../../infra/db/schema.js';
import type { OrderRow } from './repository.js';

export interface OrderSearchFilter {
  /** Only this buyer's orders; null for all (admins). */
  userId: string | null;
  /** With userId: also this company's orders (the buyer is a member, B2B §5). */
  companyId: string | null;
  q: string | null;
  status: OrderStatus | null;
  /** ISO instants: created_at >= createdFrom and < createdBefore. */
  createdFrom: string | null;
  createdBefore: string | null;
}

/** `%`, `_` and the escape itself are literal in a name's start (PostgreSQL's LIKE escapes with a backslash). */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * What `q` matches, case-insensitively: the whole order number, PO number, e-mail or SKU of a line, or the start of
 * the customer's name, of the order's company's name or of the location name copied on it (B2B §12). Each kind is its own indexed SELECT and the union names the orders, so neither planner falls
 * back to reading every order to test an OR (a SKU lives in another table). SQLite walks lower(user_name) as a range
 * (its LIKE cannot use an expression index); PostgreSQL uses LIKE on the text_pattern_ops index.
 */
function matches(database: OpenDatabase, q: string): Expression<SqlBool> {
  const upper = q.toUpperCase();
  const startOf = (column: string) =>
    database.sqlite
      ? sql`lower(${sql.ref(column)}) >= lower(${q}) AND lower(${sql.ref(column)}) < lower(${q}) || char(1114111)`
      : sql`lower(${sql.ref(column)}) LIKE ${likePrefix(q.toLowerCase())}`;
  // A company's name (issue #47): the companies it starts (migration 027's index), then their orders by
  // orders_company_created.
  return sql<SqlBool>`orders.id IN (
    SELECT id FROM orders WHERE number = ${upper}
    UNION ALL SELECT id FROM orders WHERE lower(po_number) = lower(${q})
    UNION ALL SELECT id FROM orders WHERE lower(email) = lower(${q})
    UNION ALL SELECT id FROM orders WHERE ${startOf('user_name')}
    UNION ALL SELECT id FROM orders WHERE company_id IN (SELECT id FROM companies WHERE ${startOf('name')})
    UNION ALL SELECT id FROM orders WHERE ship_to_location_id IS NOT NULL AND ${startOf('ship_to_name')}
    UNION ALL SELECT order_id FROM order_lines WHERE sku = ${upper})`;
}

function filtered(database: OpenDatabase, filter: OrderSearchFilter) {
  return database.db.selectFrom('orders').where((eb) => {
    const all: Array<Expression<SqlBool>> = [];
    const { userId, companyId } = filter;
    if (userId !== null && companyId !== null) {
      all.push(eb.or([eb('orders.user_id', '=', userId), eb('orders.company_id', '=', companyId)]));
    } else if (userId !== null) all.push(eb('orders.user_id', '=', userId));
    if (filter.status !== null) all.push(eb('orders.status', '=', filter.status));
    if (filter.createdFrom !== null) all.push(eb('orders.created_at', '>=', filter.createdFrom));
    if (filter.createdBefore !== null) all.push(eb('orders.created_at', '<', filter.createdBefore));
    if (filter.q !== null) all.push(matches(database, filter.q));
    return eb.and(all);
  });
}

/** One page of the matching orders, in the sort's order (ties by creation, so pages never overlap). */
export function searchOrders(
  database: OpenDatabase,
  filter: OrderSearchFilter,
  sort: OrderSearchSort,
  limit: number,
  offset: number,
): Promise<OrderRow[]> {
  let query = filtered(database, filter).selectAll('orders');
  if (sort === 'newest') query = query.orderBy('orders.id', 'desc');
  else if (sort === 'oldest') query = query.orderBy('orders.id', 'asc');
  else {
    const direction = sort === 'total-desc' ? 'desc' : 'asc';
    query = query.orderBy('orders.total_cents', direction).orderBy('orders.id', direction);
  }
  return query.limit(limit).offset(offset).execute();
}

export async function countOrders(database: OpenDatabase, filter: OrderSearchFilter): Promise<number> {
  const row = await filtered(database, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
