// The write that places an order: takes each line's stock, records the order and its lines, and counts it among the
// buyer's unpaid orders, as one atomic step. The rules (quantity, price) are the orders service's, handed in as
// `decide`; this guarantees that stock never goes below zero, that the prices charged are the ones decided, and
// that the buyer's open-order limit holds. The "order placed" message is queued in the same step (B2B §6's outbox).
//
// It is the hottest write, and every order of a popular part touches the same product row, so each dialect gets its
// cheapest atomic form (ADR 004): on SQLite one synchronous transaction, in a savepoint of a group commit; on
// PostgreSQL a one-line order is one prepared statement decided from remembered terms, and an order of several lines
// is a transaction that locks its products in id order first, so two orders over the same products, in any line
// order, never deadlock.
import type { Selectable } from 'kysely';
import type pg from 'pg';
import type { OpenDatabase, SqliteHandle } from '../../infra/db/create-db.js';
import { groupCommit } from '../../infra/db/sqlite-group-commit.js';
import type { OrderLinesTable, OrdersTable, ProductsTable } from '../../infra/db/schema.js';
import { AppError } from '../../infra/errors.js';
import { MAIL_COLUMNS, type MailService, type NewMailRow, type OutgoingMail } from '../mail/index.js';
import { SQLITE_NEXT_ORDER_NUMBER } from './order-number-repository.js';
import { formatOrderNumber, numberYearOf, postgresOrderNumbers } from './order-numbers.js';

export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;

/** An order's own fields before it is placed; the product fields and totals come from its lines. */
export type PendingOrder = Pick<
  OrderRow,
  | 'id'
  | 'user_id'
  | 'email'
  | 'user_name'
  | 'phone'
  | 'address'
  | 'created_at'
  | 'po_number'
  | 'note'
  | 'payment_terms'
  | 'expires_at'
>;

export interface LineRequest {
  productId: string;
  quantity: number;
}

/** What the orders service needs of a product to decide a line, read in the same step as the write. */
export type ProductTerms = Pick<
  Selectable<ProductsTable>,
  | 'id'
  | 'name'
  | 'sku'
  | 'price_cents'
  | 'min_quantity'
  | 'available_quantity'
  | 'pack_size'
  | 'max_quantity'
  | 'price_breaks'
  | 'updated_at'
>;
const TERMS_COLUMNS = [
  'id',
  'name',
  'sku',
  'price_cents',
  'min_quantity',
  'available_quantity',
  'pack_size',
  'max_quantity',
  'price_breaks',
  'updated_at',
] as const;

/**
 * The orders service's rule, handed to the write: given each line's product as it is at that instant (undefined: no
 * such product), the unit price in cents of each line. It throws to refuse; nothing is written then.
 */
export type DecideLines = (products: Array<ProductTerms | undefined>) => number[];

export interface PlacedOrder {
  order: OrderRow;
  lines: OrderLineRow[];
}

export type OrderWriter = (order: PendingOrder, lines: LineRequest[], decide: DecideLines) => Promise<PlacedOrder>;

export interface OrderWriterOptions {
  /** MAX_OPEN_ORDERS and the message of its refusal. */
  maxOpenOrders: number;
  limitMessage: string;
  /** The message that tells the buyer the order was placed, written with the order. */
  placedMail: (placed: PlacedOrder) => OutgoingMail;
  mail: Pick<MailService, 'enqueueSync' | 'prepare'>;
}

export const tooManyUnpaid = (message: string) => new AppError(409, 'too_many_unpaid_orders', message);

/** A product row that changes under every attempt is not retried for ever (each attempt read fresh stock). */
const MAX_ATTEMPTS = 20;

/** A pending order with the number it will carry (order-numbers.ts). */
type NumberedOrder = PendingOrder & { number: string };

/** The order row and line rows of a decided order. */
function rowsOf(order: NumberedOrder, products: ProductTerms[], lines: LineRequest[], units: number[]): PlacedOrder {
  const lineRows: OrderLineRow[] = lines.map((line, i) => {
    const product = products[i];
    const unit = units[i];
    if (!product || unit === undefined) throw new Error('decide answered no price for a line');
    return {
      order_id: order.id,
      line_no: i,
      product_id: line.productId,
      sku: product.sku,
      name: product.name,
      quantity: line.quantity,
      unit_price_cents: unit,
      line_total_cents: unit * line.quantity,
    };
  });
  const first = lineRows[0];
  if (!first) throw new Error('an order needs a line');
  const more = lineRows.length - 1;
  return {
    order: {
      ...order,
      // SPEC's one-product fields: the first line's product, all lines' units and the order total.
      product_id: first.product_id,
      item_name: more > 0 ? `${first.name} + ${more} more` : first.name,
      quantity: lineRows.reduce((sum, l) => sum + l.quantity, 0),
      unit_price_cents: first.unit_price_cents,
      total_cents: lineRows.reduce((sum, l) => sum + l.line_total_cents, 0),
      paid_at: null,
      transaction_id: null,
      status: 'pending',
      status_history: JSON.stringify([{ status: 'pending', at: order.created_at }]),
      due_date: null,
      carrier: null,
      tracking_number: null,
      invoice_number: null,
      company_id: null,
      refunded_at: null,
      cancel_reason: null,
      paid_reference: null,
    },
    lines: lineRows,
  };
}

const ORDER_INSERT = `INSERT INTO orders (id, number, product_id, user_id, item_name, quantity, unit_price_cents, total_cents,
    email, user_name, phone, address, paid_at, transaction_id, created_at, po_number, note, status, status_history,
    payment_terms, due_date, expires_at, carrier, tracking_number, invoice_number, company_id)
  VALUES (@id, @number, @product_id, @user_id, @item_name, @quantity, @unit_price_cents, @total_cents, @email, @user_name,
    @phone, @address, @paid_at, @transaction_id, @created_at, @po_number, @note, @status, @status_history,
    @payment_terms, @due_date, @expires_at, @carrier, @tracking_number, @invoice_number, @company_id)`;
const LINE_INSERT = `INSERT INTO order_lines (order_id, line_no, product_id, sku, name, quantity, unit_price_cents,
    line_total_cents)
  VALUES (@order_id, @line_no, @product_id, @sku, @name, @quantity, @unit_price_cents, @line_total_cents)`;

/**
 * The SQLite form, run synchronously inside a transaction (a savepoint of a group commit): a throw from `decide` or a
 * check rolls back everything it wrote.
 */
function sqliteOrderWrite(handle: SqliteHandle, { maxOpenOrders, limitMessage, placedMail, mail }: OrderWriterOptions) {
  const read = handle.prepare(`SELECT ${TERMS_COLUMNS.join(', ')} FROM products WHERE id = ?`);
  const take = handle.prepare('UPDATE products SET available_quantity = available_quantity - ? WHERE id = ?');
  const insertOrder = handle.prepare(ORDER_INSERT);
  const insertLine = handle.prepare(LINE_INSERT);
  // The limit's check and the count in one statement: no change means the buyer is at the limit.
  const count = handle.prepare('UPDATE users SET open_orders = open_orders + 1 WHERE id = ? AND open_orders < ?');
  // The year's next order number, in this same transaction: a refused order rolls it back with everything else.
  const nextNumber = handle.prepare(SQLITE_NEXT_ORDER_NUMBER);
  return (pending: PendingOrder, lines: LineRequest[], decide: DecideLines): PlacedOrder => {
    if (count.run(pending.user_id, maxOpenOrders).changes !== 1) throw tooManyUnpaid(limitMessage);
    const year = numberYearOf(pending.created_at);
    const taken: unknown = nextNumber.get(year);
    if (!isCounterRow(taken)) throw new Error('the order-number counter answered no number');
    const order: NumberedOrder = { ...pending, number: formatOrderNumber(year, taken.last_number) };
    const products = lines.map((line) => {
      const found: unknown = read.get(line.productId);
      return isProductTerms(found) ? found : undefined;
    });
    const units = decide(products);
    // Inside this transaction nothing else writes: the stock read above is the stock updated here.
    const placed = rowsOf(order, products.filter(isProductTerms), lines, units);
    for (const line of placed.lines) take.run(line.quantity, line.product_id);
    insertOrder.run(placed.order);
    for (const line of placed.lines) insertLine.run(line);
    mail.enqueueSync(placedMail(placed));
    return placed;
  };
}

function isCounterRow(row: unknown): row is { last_number: number } {
  return typeof row === 'object' && row !== null && 'last_number' in row && typeof row.last_number === 'number';
}

function isProductTerms(row: unknown): row is ProductTerms {
  return (
    typeof row === 'object' &&
    row !== null &&
    'id' in row &&
    typeof row.id === 'string' &&
    'sku' in row &&
    typeof row.sku === 'string' &&
    'name' in row &&
    typeof row.name === 'string' &&
    'price_cents' in row &&
    typeof row.price_cents === 'number' &&
    'min_quantity' in row &&
    typeof row.min_quantity === 'number' &&
    'available_quantity' in row &&
    typeof row.available_quantity === 'number' &&
    'pack_size' in row &&
    typeof row.pack_size === 'number' &&
    'max_quantity' in row &&
    (row.max_quantity === null || typeof row.max_quantity === 'number') &&
    'price_breaks' in row &&
    typeof row.price_breaks === 'string' &&
    'updated_at' in row &&
    typeof row.updated_at === 'string'
  );
}

/**
 * The terms last read of each product ordered on this instance. A one-line order decides from them without a read:
 * its statement runs only while the product's `updated_at` is still theirs (every edit moves it, orders never do) and
 * checks the stock itself, so stale terms can only cause a refusal, and every refusal decides again on a fresh read.
 */
function createTermsCache(limit = 10_000) {
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
type TermsCache = ReturnType<typeof createTermsCache>;

/** The outbox row of the "order placed" message, as part of an order's statement. */
const MAIL_INSERT = `INSERT INTO mail_outbox (${MAIL_COLUMNS.join(', ')})`;
/** `$first, $first+1, ...`, one per mail column; `attempts` is an integer. */
function mailParameters(first: number): string {
  return MAIL_COLUMNS.map((c, i) => `$${first + i}${c === 'attempts' ? '::integer' : ''}`).join(', ');
}
function mailValues(row: NewMailRow): unknown[] {
  return MAIL_COLUMNS.map((c) => row[c] ?? (c === 'status' ? 'queued' : c === 'attempts' ? 0 : null));
}

/**
 * The one-line order as one statement, prepared once per connection (PostgreSQL plans it once rather than per order):
 * take the stock only while it suffices, the terms are the ones decided from and the buyer is under the limit; record
 * the order and its line; count it. The limit is read in the statement's snapshot, so simultaneous orders of one buyer
 * may pass it by their number; the count stays exact. Parameters: see `oneLineValues`.
 */
const ONE_LINE_ORDER = {
  name: 'kestrel-place-one-line-order',
  text: `
    WITH reserved AS (
      UPDATE products SET available_quantity = available_quantity - $4::integer
      WHERE id = $2 AND available_quantity >= $4::integer AND updated_at = $18
        AND (SELECT open_orders FROM users WHERE id = $3) < $19::integer
      RETURNING id
    ), placed AS (
      INSERT INTO orders (id, product_id, user_id, item_name, quantity, unit_price_cents, total_cents, email,
        user_name, phone, address, created_at, po_number, note, status, status_history, payment_terms, expires_at,
        number)
      SELECT $1, $2, $3, $5, $4::integer, $6::bigint, $7::bigint, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $21,
        $${22 + MAIL_COLUMNS.length}
      FROM reserved
      RETURNING id
    ), line AS (
      INSERT INTO order_lines (order_id, line_no, product_id, sku, name, quantity, unit_price_cents, line_total_cents)
      SELECT $1, 0, $2, $20, $5, $4::integer, $6::bigint, $7::bigint
      FROM placed
    ), counted AS (
      UPDATE users SET open_orders = open_orders + 1 WHERE id = $3 AND EXISTS (SELECT 1 FROM placed)
    ), mailed AS (
      ${MAIL_INSERT} SELECT ${mailParameters(22)} FROM placed ON CONFLICT (dedupe_key) DO NOTHING
    )
    SELECT id FROM placed`,
};

function oneLineValues(placed: PlacedOrder, product: ProductTerms, maxOpenOrders: number, mail: NewMailRow): unknown[] {
  const o = placed.order;
  return [
    o.id, // $1
    o.product_id, // $2
    o.user_id, // $3
    o.quantity, // $4: the line's quantity, the order's only one
    o.item_name, // $5: the product's name, the order's and the line's
    o.unit_price_cents, // $6
    o.total_cents, // $7: the order's total and the line's
    o.email, // $8
    o.user_name, // $9
    o.phone, // $10
    o.address, // $11
    o.created_at, // $12
    o.po_number, // $13
    o.note, // $14
    o.status, // $15
    o.status_history, // $16
    o.payment_terms, // $17
    product.updated_at, // $18: the terms decided from
    maxOpenOrders, // $19
    product.sku, // $20
    o.expires_at, // $21
    ...mailValues(mail), // $22 on: the message's columns
    o.number, // after the message's columns
  ];
}

/**
 * PostgreSQL, one line: decide from the terms at hand (read when there are none), then the one statement above. A
 * refusal of the statement (stock, an edit, the limit) or of a decision on remembered terms reads and decides again.
 */
async function postgresOneLine(
  database: OpenDatabase,
  pool: pg.Pool,
  known: TermsCache,
  order: NumberedOrder,
  line: LineRequest,
  decide: DecideLines,
  { maxOpenOrders, limitMessage, placedMail, mail }: OrderWriterOptions,
): Promise<PlacedOrder> {
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
    const values = oneLineValues(placed, product, maxOpenOrders, mail.prepare(placedMail(placed)));
    const { rows } = await pool.query({ ...ONE_LINE_ORDER, values });
    if (rows.length > 0) return placed;
    product = undefined;
    const user = await db.selectFrom('users').select('open_orders').where('id', '=', order.user_id).executeTakeFirst();
    if ((user?.open_orders ?? 0) >= maxOpenOrders) throw tooManyUnpaid(limitMessage);
    if (attempt >= MAX_ATTEMPTS) {
      throw new AppError(409, 'stock_changed', 'The stock of this product kept changing; please try again');
    }
  }
}

/** The locking read of an order of several lines: its products, in id order (prepared once per connection). */
const LOCK_PRODUCTS = {
  name: 'kestrel-lock-order-products',
  text: `SELECT ${TERMS_COLUMNS.join(', ')} FROM products WHERE id = ANY($1::varchar[]) ORDER BY id FOR UPDATE`,
};

/**
 * The rest of an order of several lines in one statement, prepared once per connection so that PostgreSQL does not
 * parse and plan it while the order holds its product locks: every line's stock, the order, its lines, and the count
 * under the buyer's limit. Parameters: see `manyLinesValues`.
 */
const PLACE_LINES = {
  name: 'kestrel-place-order-of-lines',
  text: `
    WITH taken AS (
      UPDATE products p SET available_quantity = p.available_quantity - t.quantity
      FROM unnest($19::varchar[], $20::integer[]) AS t(id, quantity)
      WHERE p.id = t.id
    ), placed AS (
      INSERT INTO orders (id, product_id, user_id, item_name, quantity, unit_price_cents, total_cents, email,
        user_name, phone, address, created_at, po_number, note, status, status_history, payment_terms, expires_at,
        number)
      VALUES ($1, $2, $3, $4, $5::integer, $6::bigint, $7::bigint, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
        $26, $${27 + MAIL_COLUMNS.length})
    ), lines AS (
      INSERT INTO order_lines (order_id, line_no, product_id, sku, name, quantity, unit_price_cents, line_total_cents)
      SELECT $1, t.line_no, t.product_id, t.sku, t.name, t.quantity, t.unit_price_cents, t.line_total_cents
      FROM unnest($21::integer[], $19::varchar[], $22::varchar[], $23::varchar[], $20::integer[], $24::bigint[],
        $25::bigint[]) AS t(line_no, product_id, sku, name, quantity, unit_price_cents, line_total_cents)
    ), counted AS (
      UPDATE users SET open_orders = open_orders + 1 WHERE id = $3 AND open_orders < $18::integer
      RETURNING id
    ), mailed AS (
      ${MAIL_INSERT} VALUES (${mailParameters(27)}) ON CONFLICT (dedupe_key) DO NOTHING
    )
    SELECT count(*) AS counted FROM counted`,
};

function manyLinesValues({ order: o, lines: ls }: PlacedOrder, maxOpenOrders: number, mail: NewMailRow): unknown[] {
  return [
    ...[o.id, o.product_id, o.user_id, o.item_name, o.quantity, o.unit_price_cents, o.total_cents], // $1-$7
    ...[o.email, o.user_name, o.phone, o.address, o.created_at, o.po_number, o.note, o.status], // $8-$15
    o.status_history, // $16
    o.payment_terms, // $17
    maxOpenOrders, // $18
    ls.map((l) => l.product_id), // $19
    ls.map((l) => l.quantity), // $20
    ls.map((l) => l.line_no), // $21
    ls.map((l) => l.sku), // $22
    ls.map((l) => l.name), // $23
    ls.map((l) => l.unit_price_cents), // $24
    ls.map((l) => l.line_total_cents), // $25
    o.expires_at, // $26
    ...mailValues(mail), // $27 on: the message's columns
  ];
}

/**
 * An order of several lines as one statement, decided from remembered terms like the one-line order: lock the products
 * in id order, and only if every line's stock suffices, every product's terms are the ones decided from and the buyer
 * is under the limit, take the stock and write the order, its lines, the count and the message. One round trip holds
 * the locks for the statement alone, where the transaction below holds them over four. Answers whether it placed the
 * order; when it did not, nothing was written. Parameters: `manyLinesValues`, then each line's `updated_at`, then
 * the order's number.
 */
const PLACE_DECIDED_LINES = {
  name: 'kestrel-place-decided-order-of-lines',
  text: `
    WITH wanted AS (
      SELECT * FROM unnest($19::varchar[], $20::integer[], $${27 + MAIL_COLUMNS.length}::varchar[])
        AS t(id, quantity, updated_at)
    ), locked AS MATERIALIZED (
      SELECT id, available_quantity, updated_at FROM products WHERE id = ANY($19::varchar[]) ORDER BY id FOR UPDATE
    ), decided AS MATERIALIZED (
      SELECT count(*) = cardinality($19::varchar[]) AND (SELECT open_orders FROM users WHERE id = $3) < $18::integer
        AS ok
      FROM locked l JOIN wanted w ON w.id = l.id
      WHERE l.available_quantity >= w.quantity AND l.updated_at = w.updated_at
    ), taken AS (
      UPDATE products p SET available_quantity = p.available_quantity - w.quantity
      FROM wanted w, decided d
      WHERE p.id = w.id AND d.ok
    ), placed AS (
      INSERT INTO orders (id, product_id, user_id, item_name, quantity, unit_price_cents, total_cents, email,
        user_name, phone, address, created_at, po_number, note, status, status_history, payment_terms, expires_at,
        number)
      SELECT $1, $2, $3, $4, $5::integer, $6::bigint, $7::bigint, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $26,
        $${28 + MAIL_COLUMNS.length}
      FROM decided WHERE ok
    ), lines AS (
      INSERT INTO order_lines (order_id, line_no, product_id, sku, name, quantity, unit_price_cents, line_total_cents)
      SELECT $1, t.line_no, t.product_id, t.sku, t.name, t.quantity, t.unit_price_cents, t.line_total_cents
      FROM unnest($21::integer[], $19::varchar[], $22::varchar[], $23::varchar[], $20::integer[], $24::bigint[],
        $25::bigint[]) AS t(line_no, product_id, sku, name, quantity, unit_price_cents, line_total_cents), decided d
      WHERE d.ok
    ), counted AS (
      UPDATE users SET open_orders = open_orders + 1 WHERE id = $3 AND (SELECT ok FROM decided)
    ), mailed AS (
      ${MAIL_INSERT} SELECT ${mailParameters(27)} FROM decided WHERE ok ON CONFLICT (dedupe_key) DO NOTHING
    )
    SELECT ok FROM decided`,
};

/**
 * PostgreSQL, several lines, the common case: decide from the terms at hand (reading those missing), then the one
 * statement above. Answers undefined when the decision or the statement refused: the transaction below then decides
 * on the products as they are, and names every refused line.
 */
async function postgresDecidedLines(
  database: OpenDatabase,
  pool: pg.Pool,
  known: TermsCache,
  order: NumberedOrder,
  lines: LineRequest[],
  decide: DecideLines,
  { maxOpenOrders, placedMail, mail }: OrderWriterOptions,
): Promise<PlacedOrder | undefined> {
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
  const values = [
    ...manyLinesValues(placed, maxOpenOrders, mail.prepare(placedMail(placed))),
    products.map((p) => p.updated_at), // after the message's columns
    placed.order.number,
  ];
  const { rows } = await pool.query<{ ok: boolean }>({ ...PLACE_DECIDED_LINES, values });
  if (rows[0]?.ok === true) return placed;
  for (const product of products) known.forget(product.id);
  return undefined;
}

/**
 * PostgreSQL, several lines: one transaction on one pool client that locks the products in id order (so orders over
 * the same products wait for each other instead of deadlocking), decides, and writes everything else in one statement
 * (the buyer's row is locked last, after the products, as the one-line statement does).
 */
async function postgresManyLines(
  pool: pg.Pool,
  order: NumberedOrder,
  lines: LineRequest[],
  decide: DecideLines,
  { maxOpenOrders, limitMessage, placedMail, mail }: OrderWriterOptions,
): Promise<PlacedOrder> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    try {
      await client.query('BEGIN');
      const ids = [...new Set(lines.map((l) => l.productId))].sort();
      const locked = (await client.query({ ...LOCK_PRODUCTS, values: [ids] })).rows.filter(isProductTerms);
      const byId = new Map(locked.map((p) => [p.id, p]));
      const products = lines.map((l) => byId.get(l.productId));
      const placed = rowsOf(order, products.filter(isProductTerms), lines, decide(products));
      const { rows } = await client.query<{ counted: string }>({
        ...PLACE_LINES,
        values: [...manyLinesValues(placed, maxOpenOrders, mail.prepare(placedMail(placed))), placed.order.number],
      });
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

export function createOrderWriter(database: OpenDatabase, options: OrderWriterOptions): OrderWriter {
  const { sqlite } = database;
  if (sqlite) return groupCommit(database, sqlite, sqliteOrderWrite(sqlite, options));
  const pool = database.pg;
  if (!pool) throw new Error('an open database is SQLite or PostgreSQL');
  const known = createTermsCache();
  const nextNumber = postgresOrderNumbers(database.db);
  return async (pending, lines, decide) => {
    // Asked for before any await, so numbers follow the order in which the orders were created.
    const numbered = nextNumber(numberYearOf(pending.created_at));
    const order: NumberedOrder = { ...pending, number: await numbered };
    const [only] = lines;
    if (lines.length === 1 && only) return postgresOneLine(database, pool, known, order, only, decide, options);
    return (
      (await postgresDecidedLines(database, pool, known, order, lines, decide, options)) ??
      postgresManyLines(pool, order, lines, decide, options)
    );
  };
}
