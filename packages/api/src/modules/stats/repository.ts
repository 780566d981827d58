// SQL of the admin's figures (B2B §8): each figure is one GROUP BY in the database, read through boundedRead (off the
// event loop on SQLite, with a statement_timeout on PostgreSQL), so a year of orders never holds the server. The
// indexes they walk are in migrations/021-stats.ts. Timestamps are ISO-8601 UTC text, so a day is its first ten
// characters and a range is a text comparison on both databases.
import { sql } from 'kysely';
import { z } from 'zod';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import { boundedRead } from '../../infra/db/bounded-read.js';

/** Instants: from <= t < before (whole UTC days). */
export interface StatsRange {
  from: string;
  before: string;
}

/** SQLite answers integers, PostgreSQL answers count(*) as a number and sum(bigint) as numeric text: both exact. */
const wholeNumber = z.union([z.number(), z.string(), z.bigint()]).transform((v) => BigInt(v));

/**
 * Orders whose money the shop keeps: paid (paid_at set) and neither cancelled nor refunded. A paid order cancelled
 * later was refunded (card) or credited (credit note), so it leaves the figures of the day it was paid.
 */
const KEPT = sql`paid_at IS NOT NULL AND status <> 'cancelled' AND refunded_at IS NULL`;

const revenueRows = z.array(z.object({ day: z.string(), cents: wholeNumber }));

/** The cents kept per day of payment, days without any left out (the service fills them). */
export const revenueQuery = (database: OpenDatabase, range: StatsRange) =>
  sql`SELECT substr(paid_at, 1, 10) AS day, sum(total_cents) AS cents FROM orders
    WHERE paid_at >= ${range.from} AND paid_at < ${range.before} AND ${KEPT}
    GROUP BY substr(paid_at, 1, 10)`.compile(database.db);

export async function revenueByDay(database: OpenDatabase, range: StatsRange, budgetMs: number) {
  return revenueRows.parse(await boundedRead(database, revenueQuery(database, range), budgetMs));
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
    name: z.string(),
    units: wholeNumber,
    cents: wholeNumber,
  }),
);

/**
 * The products sold most in the range's kept orders, from their lines: by units, then revenue, then name. A deleted
 * product's lines (product_id null) are grouped by the SKU they were ordered under and named as they were ordered; a
 * product still in the catalogue is named as it is now. The lines are read from order_lines_stats alone (021); only
 * the ten answered look up a name.
 */
export function topProductsQuery(database: OpenDatabase, range: StatsRange, limit: number) {
  const gone = sql`CASE WHEN l.product_id IS NULL THEN l.sku END`;
  const query = sql`WITH kept AS (
      SELECT id FROM orders WHERE paid_at >= ${range.from} AND paid_at < ${range.before} AND ${KEPT}
    ), sold AS (
      SELECT l.product_id, ${gone} AS gone_sku, sum(l.quantity) AS units, sum(l.line_total_cents) AS cents
      FROM kept JOIN order_lines l ON l.order_id = kept.id
      GROUP BY l.product_id, ${gone}
    ), top AS (
      SELECT sold.product_id, sold.units, sold.cents, sold.gone_sku, p.name AS current_name
      FROM sold LEFT JOIN products p ON p.id = sold.product_id
      ORDER BY sold.units DESC, sold.cents DESC, p.name, sold.gone_sku
      LIMIT ${limit}
    )
    -- A deleted product's name is looked up for the few rows answered only: done for every group before the LIMIT,
    -- it read all of a year's lines once per group (3.4 s on PostgreSQL at 100,000 orders in the bench).
    SELECT product_id, units, cents, COALESCE(current_name,
      (SELECT o.name FROM order_lines o WHERE o.sku = top.gone_sku AND o.product_id IS NULL LIMIT 1)) AS name
    FROM top ORDER BY units DESC, cents DESC, current_name, gone_sku`.compile(database.db);
  return query;
}

export async function topProducts(database: OpenDatabase, range: StatsRange, limit: number, budgetMs: number) {
  return productRows.parse(await boundedRead(database, topProductsQuery(database, range, limit), budgetMs));
}

const lowStockRows = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    available_quantity: z.coerce.number(),
    min_quantity: z.coerce.number(),
  }),
);

/** Products whose stock is below twice their minimum order quantity, the fewest in stock first. */
export async function lowStock(database: OpenDatabase, limit: number, budgetMs: number) {
  const query = sql`SELECT id, name, available_quantity, min_quantity FROM products
    WHERE available_quantity < 2 * min_quantity
    ORDER BY available_quantity, name, id
    LIMIT ${limit}`.compile(database.db);
  return lowStockRows.parse(await boundedRead(database, query, budgetMs));
}
