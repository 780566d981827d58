// SQL of the admin's figures (B2B §8): each figure is one GROUP BY in the database, read through boundedRead (off the
// event loop on SQLite, with a statement_timeout on PostgreSQL), so a year of orders never holds the server. The
// indexes they walk are in migrations/021-stats.ts. Timestamps are ISO-8601 UTC text, so a day is its first ten
// characters and a range is a text comparison on both databases.
import { sql, type CompiledQuery } from 'kysely';
import { z } from 'zod';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import { boundedRead } from '../../infra/db/bounded-read.js';
import { allOpenAccountOrders, overdueAccountOrders, owedCents, type OpenAccountOrders } from '../billing/index.js';

/** Instants: from <= t < before (whole UTC days). */
export interface StatsRange {
  from: string;
  before: string;
}

/** SQLite answers integers, PostgreSQL answers count(*) as a number and sum(bigint) as numeric text: both exact. */
const wholeNumber = z.union([z.number(), z.string(), z.bigint()]).transform((v) => BigInt(v));

/**
 * Orders whose money the shop keeps: paid (paid_at set) and neither cancelled nor refunded. A paid order cancelled
 * later was refunded (card) or credited (credit note), so it leaves the figures of the day it was paid; what a partial
 * credit gave back is taken off that day too (creditedQuery). `orders`: the name the query gives the orders table,
 * where another table joined has columns of the same names.
 */
function keptOrders(orders?: 'o') {
  const column = (name: string) => sql.ref(orders ? `${orders}.${name}` : name);
  return sql`${column('paid_at')} IS NOT NULL AND ${column('status')} <> 'cancelled' AND ${column('refunded_at')} IS NULL`;
}
const KEPT = keptOrders();

const revenueRows = z.array(z.object({ day: z.string(), cents: wholeNumber, tax: wholeNumber }));

/**
 * The cents kept per day of payment, net of tax, and the tax of those orders (B2B §13); days without any left out
 * (the service fills them).
 */
export const revenueQuery = (database: OpenDatabase, range: StatsRange) =>
  sql`SELECT substr(paid_at, 1, 10) AS day, sum(total_cents - tax_cents) AS cents, sum(tax_cents) AS tax FROM orders
    WHERE paid_at >= ${range.from} AND paid_at < ${range.before} AND ${KEPT}
    GROUP BY substr(paid_at, 1, 10)`.compile(database.db);

/**
 * What credit notes gave back of the kept orders paid in the range (B2B §14: a partly shipped order's cancelled rest,
 * received returns), net and tax, per day of the order's payment. Never a scan of orders: the range's kept orders
 * through orders_paid_kept, each probing credit_notes_order (SQLite), or each note its order by key (PostgreSQL, with
 * few notes); stats-volume.test.ts reads both plans.
 */
export const creditedQuery = (database: OpenDatabase, range: StatsRange) =>
  sql`SELECT substr(o.paid_at, 1, 10) AS day, sum(c.subtotal_cents) AS cents, sum(c.tax_cents) AS tax
    FROM credit_notes c JOIN orders o ON o.id = c.order_id
    WHERE o.paid_at >= ${range.from} AND o.paid_at < ${range.before} AND ${keptOrders('o')}
    GROUP BY substr(o.paid_at, 1, 10)`.compile(database.db);

/** The revenue and tax kept per day of payment: the orders' less what their credit notes gave back. */
export async function revenueByDay(database: OpenDatabase, range: StatsRange, budgetMs: number) {
  const kept = revenueRows.parse(await boundedRead(database, revenueQuery(database, range), budgetMs));
  const credited = revenueRows.parse(await boundedRead(database, creditedQuery(database, range), budgetMs));
  const back = new Map(credited.map((c) => [c.day, c]));
  return kept.map((day) => {
    const less = back.get(day.day);
    return less ? { day: day.day, cents: day.cents - less.cents, tax: day.tax - less.tax } : day;
  });
}

const statusRows = z.array(z.object({ status: z.string(), count: wholeNumber }));

export function statusQuery(database: OpenDatabase, range: StatsRange) {
  // SQLite would rather walk orders_status_id for the GROUP BY's order and read every row it names; the covering
  // index reads the range alone.
  const index = database.sqlite ? sql`INDEXED BY orders_created_status` : sql``;
  const query = sql`SELECT status, count(*) AS count FROM orders ${index}
    WHERE created_at >= ${range.from} AND created_at < ${range.before}
    GROUP BY status`.compile(database.db);
  return query;
}

export async function ordersByStatus(database: OpenDatabase, range: StatsRange, budgetMs: number) {
  return statusRows.parse(await boundedRead(database, statusQuery(database, range), budgetMs));
}

const productRows = z.array(
  z.object({
    product_id: z.string().nullable(),
    gone_sku: z.string().nullable(),
    name: z.string(),
    units: wholeNumber,
    cents: wholeNumber,
  }),
);

/**
 * How many rows tied with the last place are read at most: ties at the cut are ordered by name, which a deleted
 * product only has once looked up, so every row tied for a place within the limit is read (rank, not row number).
 * Thousands of products sold in exactly the same units for exactly the same money do not happen; the cap keeps the
 * lookups bounded if they do, the cut then made by id.
 */
const TIED_ROWS_CAP = 200;

/**
 * The products sold most in the range's kept orders, from their lines: by units, then revenue, then name. A deleted
 * product's lines (product_id null) are grouped by the SKU they were ordered under and named as they were ordered; a
 * product still in the catalogue is named as it is now. The lines are read from order_lines_stats alone (021); only
 * the places within the limit look up a name. The final order is made by topProducts() below, the same on both
 * databases (their collations differ, and SQLite puts a missing name first where PostgreSQL puts it last).
 */
export function topProductsQuery(database: OpenDatabase, range: StatsRange, limit: number) {
  const gone = sql`CASE WHEN l.product_id IS NULL THEN l.sku END`;
  const query = sql`WITH kept AS (
      SELECT id FROM orders WHERE paid_at >= ${range.from} AND paid_at < ${range.before} AND ${KEPT}
    ), sold AS (
      SELECT l.product_id, ${gone} AS gone_sku, sum(l.quantity) AS units, sum(l.line_total_cents) AS cents
      FROM kept JOIN order_lines l ON l.order_id = kept.id
      GROUP BY l.product_id, ${gone}
    ), ranked AS (
      SELECT sold.*, rank() OVER (ORDER BY units DESC, cents DESC) AS place FROM sold
    ), top AS (
      SELECT ranked.product_id, ranked.units, ranked.cents, ranked.gone_sku, p.name AS current_name
      FROM ranked LEFT JOIN products p ON p.id = ranked.product_id
      WHERE ranked.place <= ${limit}
      ORDER BY ranked.place, ranked.product_id, ranked.gone_sku
      LIMIT ${Math.max(limit, TIED_ROWS_CAP)}
    )
    -- A deleted product's name is looked up for the few rows answered only: done for every group before the LIMIT,
    -- it read all of a year's lines once per group (3.4 s on PostgreSQL at 100,000 orders in the bench).
    SELECT product_id, gone_sku, units, cents, COALESCE(current_name,
      (SELECT o.name FROM order_lines o WHERE o.sku = top.gone_sku AND o.product_id IS NULL LIMIT 1)) AS name
    FROM top`.compile(database.db);
  return query;
}

/** Code-point order (UTF-8 bytes): SQLite's BINARY and PostgreSQL's "C", whatever the database's own collation. */
const byCodePoint = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

/** Larger first. */
const descending = (a: bigint, b: bigint) => (a === b ? 0 : a > b ? -1 : 1);

export async function topProducts(database: OpenDatabase, range: StatsRange, limit: number, budgetMs: number) {
  const rows = productRows.parse(await boundedRead(database, topProductsQuery(database, range, limit), budgetMs));
  const key = (row: (typeof rows)[number]) => row.product_id ?? `sku:${row.gone_sku ?? ''}`;
  return rows
    .sort(
      (a, b) =>
        descending(a.units, b.units) ||
        descending(a.cents, b.cents) ||
        byCodePoint(a.name, b.name) ||
        byCodePoint(key(a), key(b)),
    )
    .slice(0, limit);
}

const lowStockRows = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    available_quantity: z.coerce.number(),
    min_quantity: z.coerce.number(),
  }),
);

/** Products whose stock is below twice their minimum order quantity, the fewest in stock first, then by name in
 * code-point order on both databases. */
export async function lowStock(database: OpenDatabase, limit: number, budgetMs: number) {
  const query = sql`SELECT id, name, available_quantity, min_quantity FROM products
    WHERE available_quantity < 2 * min_quantity
    ORDER BY available_quantity, name ${database.sqlite ? sql`` : sql`COLLATE "C"`}, id
    LIMIT ${limit}`.compile(database.db);
  return lowStockRows.parse(await boundedRead(database, query, budgetMs));
}

const owedRows = z.array(z.object({ cents: wholeNumber, orders: wholeNumber, companies: wholeNumber }));

/** What a set of billing's open on-account orders adds up to: cents (billing's owedCents), orders, companies owing. */
function owedQuery(orders: OpenAccountOrders) {
  return orders
    .select((eb) => [
      owedCents(eb).as('cents'),
      eb.fn.countAll<number | string>().as('orders'),
      eb.fn.count<number | string>('company_id').distinct().as('companies'),
    ])
    .compile();
}

/**
 * The shop's receivables now (B2B §5, §8): the open on-account balance of every company and, of it, what is overdue on
 * `today` (YYYY-MM-DD, UTC). Which orders count is billing's one rule (allOpenAccountOrders, overdueAccountOrders),
 * the same the credit check and the company answers sum; this only counts them too.
 */
export function receivablesQueries(database: OpenDatabase, today: string) {
  return {
    open: owedQuery(allOpenAccountOrders(database.db)),
    overdue: owedQuery(overdueAccountOrders(allOpenAccountOrders(database.db), today)),
  };
}

const owedOf = async (database: OpenDatabase, query: CompiledQuery, budgetMs: number) => {
  const [row] = owedRows.parse(await boundedRead(database, query, budgetMs));
  return row ?? { cents: 0n, orders: 0n, companies: 0n };
};

export async function receivables(database: OpenDatabase, today: string, budgetMs: number) {
  const queries = receivablesQueries(database, today);
  // One after the other, as the service's reads (the SQLite reader answers one at a time).
  const open = await owedOf(database, queries.open, budgetMs);
  const overdue = await owedOf(database, queries.overdue, budgetMs);
  return { open, overdue };
}
