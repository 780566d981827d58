// PostgreSQL's three order paths (placing/index.ts's table says which order takes which, and why). The first two
// decide from the terms this instance last read of each product and write through the group commit
// (infra/db/postgres-group-commit.ts); the third locks its rows first and decides on them as they are.
import type pg from 'pg';
import type { OpenDatabase } from '../../../infra/db/create-db.js';
import type { OrderBatches } from '../../../infra/db/postgres-group-commit.js';
import { AppError } from '../../../infra/errors.js';
import {
  TERMS_COLUMNS,
  isProductTerms,
  rowsOf,
  tooManyUnpaid,
  type DecideLines,
  type LineRequest,
  type NumberedOrder,
  type OrderWriterOptions,
  type PlacedEvent,
  type PlacedOrder,
  type ProductTerms,
} from './placed-rows.js';
import {
  LOCK_PRODUCTS,
  batchOfOneStatement,
  lockedLinesStatement,
  oneLineStatement,
  type BatchedOrder,
} from './postgres-statements-repository.js';

/** A product row that changes under every attempt is not retried for ever (each attempt read fresh stock). */
const MAX_ATTEMPTS = 20;

/**
 * The terms last read of each product ordered on this instance. An order decides from them without a read: its
 * statement runs only while each product's `updated_at` is still theirs (every edit moves it, orders never do) and
 * checks the stock itself, so stale terms can only cause a refusal, and every refusal decides again on a fresh read.
 */
export function createTermsCache(limit = 10_000) {
  const terms = new Map<string, ProductTerms>();
  return {
    get: (id: string) => terms.get(id),
    set(product: ProductTerms) {
      if (terms.size >= limit) terms.clear();
      terms.set(product.id, product);
    },
    forget: (id: string) => terms.delete(id),
  };
}
export type TermsCache = ReturnType<typeof createTermsCache>;

/** What every PostgreSQL path is handed: the database, its pool, the group commit, the terms and the options. */
export interface PostgresPlacing {
  database: OpenDatabase;
  pool: pg.Pool;
  batches: OrderBatches<BatchedOrder>;
  known: TermsCache;
  options: OrderWriterOptions;
}

/**
 * One line: decide from the terms at hand (read when there are none), then one statement, batched with the other
 * orders of its product in flight. A refusal of the statement (stock, an edit, the limit) or of a decision on
 * remembered terms reads and decides again.
 */
export async function postgresOneLine(
  { database, pool, batches, known, options }: PostgresPlacing,
  order: NumberedOrder,
  line: LineRequest,
  decide: DecideLines,
  event: PlacedEvent | undefined,
): Promise<PlacedOrder> {
  const { maxOpenOrders, limitMessage, placedMails, mail } = options;
  const { db } = database;
  let product = known.get(line.productId);
  for (let attempt = 1; ; attempt++) {
    const remembered = product !== undefined;
    if (!product) {
      product = await db
        .selectFrom('products')
        .select(TERMS_COLUMNS)
        .where('id', '=', line.productId)
        .executeTakeFirst();
      if (product) known.set(product);
      else known.forget(line.productId);
    }
    let units: number[];
    try {
      units = decide([product]);
    } catch (refusal) {
      if (!remembered) throw refusal;
      product = undefined;
      continue;
    }
    if (!product) throw new Error('decide accepted a missing product');
    const placed = rowsOf(order, [product], [line], units);
    const mails = placedMails(placed).map((m) => mail.prepare(m));
    const events = event?.(placed);
    const own = oneLineStatement(placed, product, maxOpenOrders, mails, events);
    const written = await batches(line.productId, {
      alone: async () => ((await pool.query(own)).rows.length > 0 ? 'placed' : 'refused'),
      // An order with a webhook event is written on its own statement, which carries the event's insert.
      ...(events ? {} : { row: { placed, products: [product], mails } }),
    });
    if (written === 'placed') return placed;
    product = undefined;
    const user = await db.selectFrom('users').select('open_orders').where('id', '=', order.user_id).executeTakeFirst();
    if ((user?.open_orders ?? 0) >= maxOpenOrders) throw tooManyUnpaid(limitMessage);
    if (attempt >= MAX_ATTEMPTS) {
      throw new AppError(409, 'stock_changed', 'The stock of this product kept changing; please try again');
    }
  }
}

/**
 * The queue of every order of several lines: one batch in flight at a time takes them all, where a queue per first
 * product ran batches side by side that waited on each other's product rows (the bench's scene in alternating runs:
 * 1,417-1,713 orders/s with a queue per first product, 2,331-2,571 with one).
 */
const SEVERAL_LINES = 'several lines';

/**
 * Several lines, the common case: decide from the terms at hand (reading those missing), then write the order in a
 * batch, or alone as a batch of one. Answers undefined when the decision or the statement refused: the locked path
 * then decides on the products as they are, and names every refused line.
 */
export async function postgresDecidedLines(
  { database, pool, batches, known, options }: PostgresPlacing,
  order: NumberedOrder,
  lines: LineRequest[],
  decide: DecideLines,
  event: PlacedEvent | undefined,
): Promise<PlacedOrder | undefined> {
  const { maxOpenOrders, placedMails, mail } = options;
  const missing = lines.map((l) => l.productId).filter((id) => !known.get(id));
  if (missing.length > 0) {
    const read = await database.db.selectFrom('products').select(TERMS_COLUMNS).where('id', 'in', missing).execute();
    for (const product of read) known.set(product);
  }
  const products = lines.map((l) => known.get(l.productId));
  if (!products.every(isProductTerms)) return undefined;
  let units: number[];
  try {
    units = decide(products);
  } catch {
    return undefined;
  }
  const placed = rowsOf(order, products, lines, units);
  const mails = placedMails(placed).map((m) => mail.prepare(m));
  const row: BatchedOrder = { placed, products, mails };
  const events = event?.(placed);
  const own = batchOfOneStatement(row, maxOpenOrders, events);
  const written = await batches(SEVERAL_LINES, {
    alone: async () => ((await pool.query<{ ok: boolean }>(own)).rows[0]?.ok === true ? 'placed' : 'refused'),
    ...(events ? {} : { row }),
  });
  if (written === 'placed') return placed;
  for (const product of products) known.forget(product.id);
  return undefined;
}

/**
 * Several lines, locked: one transaction on one pool client that locks the buyer's row and then the products in id
 * order (so orders over the same products wait for each other instead of deadlocking), decides, and writes
 * everything else in one statement.
 */
export async function postgresLockedLines(
  { pool, options }: Pick<PostgresPlacing, 'pool' | 'options'>,
  order: NumberedOrder,
  lines: LineRequest[],
  decide: DecideLines,
  event: PlacedEvent | undefined,
): Promise<PlacedOrder> {
  const { maxOpenOrders, limitMessage, placedMails, mail } = options;
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    try {
      await client.query('BEGIN');
      const ids = [...new Set(lines.map((l) => l.productId))].sort();
      const locked = (await client.query({ ...LOCK_PRODUCTS, values: [ids, order.user_id] })).rows.filter(
        isProductTerms,
      );
      const byId = new Map(locked.map((p) => [p.id, p]));
      const products = lines.map((l) => byId.get(l.productId));
      const placed = rowsOf(order, products.filter(isProductTerms), lines, decide(products));
      const mails = placedMails(placed).map((m) => mail.prepare(m));
      const { rows } = await client.query<{ counted: string }>(
        lockedLinesStatement(placed, maxOpenOrders, mails, event?.(placed)),
      );
      // Over the limit: the rollback below undoes the whole order, stock and rows included.
      if (Number(rows[0]?.counted ?? 0) !== 1) throw tooManyUnpaid(limitMessage);
      await client.query('COMMIT');
      return placed;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: unknown) => {
        // A connection that cannot even roll back is not given back to the pool.
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
      throw error;
    }
  } finally {
    client.release(broken);
  }
}
