// PostgreSQL's three order statements (placing/index.ts's table) and their binders. Each is generated from the one
// column list (placed-rows.ts): an order's parameters are one block in PLACED_COLUMNS' order, its lines' one block
// in LINE_COLUMNS' order, then its messages'; only the few control parameters before them are named here. Each
// statement is prepared once per connection under its name, so PostgreSQL parses and plans it once, not per order.
import { MAIL_COLUMNS, mailRowValues, type NewMailRow } from '../../mail/index.js';
import { eventInsertCte, eventParameters, type EventBatch } from '../../webhooks/index.js';
import type { OrderLineRow, OrderRow } from '../repository.js';
import {
  LINE_COLUMNS,
  PLACED_COLUMNS,
  TERMS_COLUMNS,
  lineValues,
  orderValues,
  type PlacedOrder,
  type ProductTerms,
} from './placed-rows.js';

export interface Statement {
  name: string;
  text: string;
}

type Columns = ReadonlyArray<readonly [string, string]>;

/** `a, b, ...` (each after `prefix`): a column list. */
const names = (columns: Columns, prefix = '') => columns.map(([column]) => `${prefix}${column}`).join(', ');
/** `$first::type, ...`: one placeholder per column. */
const scalars = (columns: Columns, first: number) => columns.map(([, type], i) => `$${first + i}::${type}`).join(', ');
/** `$first::type[], ...`: one array per column, for unnest. */
const arrays = (columns: Columns, first: number) => columns.map(([, type], i) => `$${first + i}::${type}[]`).join(', ');
/** The placeholder of `column` in a block of `columns` whose parameters start at `first`. */
function placeholder(columns: Columns, first: number, column: string): string {
  const index = columns.findIndex(([name]) => name === column);
  if (index < 0) throw new Error(`no column ${column} in the block`);
  return `$${first + index}`;
}

const ORDER_LIST = names(PLACED_COLUMNS);
const LINE_LIST = names(LINE_COLUMNS);
/** Each column's values across `rows`, one array per column: the batch's unnest parameters. */
const orderArrays = (orders: OrderRow[]) => PLACED_COLUMNS.map(([column]) => orders.map((o) => o[column]));
const lineArrays = (lines: OrderLineRow[]) => LINE_COLUMNS.map(([column]) => lines.map((l) => l[column]));

/** The outbox row of the "order placed" message, as part of an order's statement. */
const MAIL_INSERT = `INSERT INTO mail_outbox (${MAIL_COLUMNS.join(', ')})`;
/** `$first, $first+1, ...`, one per mail column; `attempts` is an integer. */
function mailParameters(first: number): string {
  return MAIL_COLUMNS.map((c, i) => `$${first + i}${c === 'attempts' ? '::integer' : ''}`).join(', ');
}
const mailValues = (rows: NewMailRow[]): unknown[] => rows.flatMap(mailRowValues);

/** At most this many messages go with an order: the buyer's and, with SHOP_NOTIFY_EMAIL, the shop's. */
const MAX_PLACED_MAILS = 2;

/**
 * The outbox insert of an order's statement for `count` messages whose parameters start at `first`, each row written
 * only when `source` has a row (the order was placed). With one message the statement is the one it always was: no
 * second row, no extra round trip, when SHOP_NOTIFY_EMAIL is unset.
 */
function mailInsert(count: number, first: number, source: string): string {
  const rows = Array.from(
    { length: count },
    (_, i) => `SELECT ${mailParameters(first + i * MAIL_COLUMNS.length)} ${source}`,
  );
  return `${MAIL_INSERT} ${rows.join(' UNION ALL ')} ON CONFLICT (dedupe_key) DO NOTHING`;
}

/** One prepared statement per number of messages: a prepared name stands for one text. */
function perMailCount(make: (count: number) => Statement): (count: number) => Statement {
  const made = Array.from({ length: MAX_PLACED_MAILS }, (_, i) => make(i + 1));
  return (count) => {
    const statement = made[count - 1];
    if (!statement) throw new Error(`an order is written with 1 to ${MAX_PLACED_MAILS} messages, not ${count}`);
    return statement;
  };
}

/**
 * The buyer's row, locked first by every order write (and by every transition that uncounts an order, before it
 * touches stock): simultaneous orders of one buyer queue on it, and each reads the count as the one before it left it
 * (a locking read sees the newest committed row, where a plain read sees the statement's snapshot and let 60
 * simultaneous orders leave 28 open under a limit of 20). Other buyers' orders never wait on it. Issue #24.
 */
const LOCK_BUYER = (param: string) => `SELECT open_orders FROM users WHERE id = ${param} FOR UPDATE`;

/** The one-line statement's parameters: $1 the terms decided from, $2 the limit, then the order's, line's, mails'. */
const ONE_LINE_ORDER_AT = 3;
const ONE_LINE_LINE_AT = ONE_LINE_ORDER_AT + PLACED_COLUMNS.length;
const ONE_LINE_MAIL_AT = ONE_LINE_LINE_AT + LINE_COLUMNS.length;

/**
 * The one-line order as one statement: lock the buyer's row, then take the stock only while it suffices, the terms
 * are the ones decided from and the buyer is under the limit; record the order and its line; count it; queue its
 * messages. Parameters: see `oneLineValues`.
 */
const ONE_LINE_ORDER = perMailCount((mails) => {
  const order = (column: string) => placeholder(PLACED_COLUMNS, ONE_LINE_ORDER_AT, column);
  const line = (column: string) => placeholder(LINE_COLUMNS, ONE_LINE_LINE_AT, column);
  return {
    name: `kestrel-place-one-line-order-${mails}`,
    text: `
    WITH buyer AS MATERIALIZED (${LOCK_BUYER(`${order('user_id')}::varchar`)}
    ), reserved AS (
      UPDATE products SET available_quantity = available_quantity - ${line('quantity')}::integer
      WHERE id = ${line('product_id')}::varchar AND available_quantity >= ${line('quantity')}::integer
        AND updated_at = $1 AND (SELECT open_orders FROM buyer) < $2::integer
      RETURNING id
    ), placed AS (
      INSERT INTO orders (${ORDER_LIST})
      SELECT ${scalars(PLACED_COLUMNS, ONE_LINE_ORDER_AT)} FROM reserved
      RETURNING id
    ), line AS (
      INSERT INTO order_lines (${LINE_LIST})
      SELECT ${scalars(LINE_COLUMNS, ONE_LINE_LINE_AT)} FROM placed
    ), counted AS (
      UPDATE users SET open_orders = open_orders + 1
      WHERE id = ${order('user_id')}::varchar AND EXISTS (SELECT 1 FROM placed)
    ), mailed AS (
      ${mailInsert(mails, ONE_LINE_MAIL_AT, 'FROM placed')}
    )
    SELECT id FROM placed`,
  };
});

/** ONE_LINE_ORDER for this order, decided from `product`, with its messages and (when wanted) its event. */
export function oneLineStatement(
  placed: PlacedOrder,
  product: ProductTerms,
  maxOpenOrders: number,
  mails: NewMailRow[],
  event: EventBatch | undefined,
) {
  const [line] = placed.lines;
  if (!line) throw new Error('a one-line order has a line');
  const values = [
    product.updated_at,
    maxOpenOrders,
    ...orderValues(placed.order),
    ...lineValues(line),
    ...mailValues(mails),
  ];
  return withEvent(ONE_LINE_ORDER(mails.length), values, 'EXISTS (SELECT 1 FROM placed)', event);
}

/** One order of a batch (infra/db/postgres-group-commit.ts): its decided rows, each line's product, its messages. */
export interface BatchedOrder {
  placed: PlacedOrder;
  /** Each line's product as decided from, in line order. */
  products: ProductTerms[];
  mails: NewMailRow[];
}

/** The batch's parameters: $1 its buyers, $2 the limit, $3 its products, $4 each line's terms; then the blocks. */
const BATCH_ORDERS_AT = 5;
const BATCH_LINES_AT = BATCH_ORDERS_AT + PLACED_COLUMNS.length;
const BATCH_MAILS_AT = BATCH_LINES_AT + LINE_COLUMNS.length;
/** The outbox columns' array types in the batch's statement: every column is text but the attempts. */
const mailArrayType = (column: (typeof MAIL_COLUMNS)[number]) => (column === 'attempts' ? 'integer[]' : 'varchar[]');
const MAIL_ARRAYS = MAIL_COLUMNS.map((c, i) => `$${BATCH_MAILS_AT + i}::${mailArrayType(c)}`).join(', ');
const BATCH_BUYERS = `${placeholder(PLACED_COLUMNS, BATCH_ORDERS_AT, 'user_id')}::varchar[]`;

/**
 * A batch of orders as one statement, all or nothing: lock the buyers' rows in id order, then the products' in id
 * order (as every order write takes them); then, only while every product's stock covers all the batch's lines of
 * it, every line was decided from its product's current terms and every buyer stays under the limit with all their
 * orders of the batch, take the stock and write the orders, their lines, the buyers' counts and the messages.
 * Answers `ok`; when false, nothing was written. Parameters: see `batchValues`. `locked` counts the buyers rather
 * than asking EXISTS, which reads one buyer's row: the others would be locked after the products, and two batches
 * could wait for each other.
 */
const ORDER_BATCH: Statement = {
  name: 'kestrel-place-order-batch',
  text: `
    WITH buyers AS MATERIALIZED (
      SELECT id, open_orders FROM users WHERE id = ANY($1::varchar[]) ORDER BY id FOR UPDATE
    ), wanted_by AS (
      SELECT user_id, count(*) AS n FROM unnest(${BATCH_BUYERS}) AS t(user_id) GROUP BY user_id
    ), lines AS (
      SELECT * FROM unnest(${arrays(LINE_COLUMNS, BATCH_LINES_AT)}, $4::varchar[]) AS l(${LINE_LIST}, terms_at)
    ), wanted AS (
      SELECT product_id, sum(quantity) AS quantity, min(terms_at) AS first_terms, max(terms_at) AS last_terms
      FROM lines GROUP BY product_id
    ), locked AS MATERIALIZED (
      SELECT id, available_quantity, updated_at FROM products
      WHERE id = ANY($3::varchar[]) AND (SELECT count(*) FROM buyers) > 0 ORDER BY id FOR UPDATE OF products
    ), decided AS MATERIALIZED (
      SELECT
        (SELECT count(*) FROM locked p JOIN wanted w ON w.product_id = p.id
          WHERE p.available_quantity >= w.quantity AND p.updated_at = w.first_terms AND p.updated_at = w.last_terms)
          = (SELECT count(*) FROM wanted)
        AND (SELECT count(*) FROM buyers b JOIN wanted_by w ON w.user_id = b.id
          WHERE b.open_orders + w.n <= $2::integer)
          = (SELECT count(*) FROM wanted_by)
        AS ok
    ), taken AS (
      UPDATE products p SET available_quantity = p.available_quantity - w.quantity
      FROM wanted w, decided d
      WHERE p.id = w.product_id AND d.ok
    ), placed AS (
      INSERT INTO orders (${ORDER_LIST})
      SELECT ${names(PLACED_COLUMNS, 't.')}
      FROM unnest(${arrays(PLACED_COLUMNS, BATCH_ORDERS_AT)}) AS t(${ORDER_LIST}), decided d
      WHERE d.ok
    ), lines_written AS (
      INSERT INTO order_lines (${LINE_LIST})
      SELECT ${names(LINE_COLUMNS, 'l.')} FROM lines l, decided d
      WHERE d.ok
    ), counted AS (
      UPDATE users u SET open_orders = u.open_orders + w.n
      FROM wanted_by w, decided d
      WHERE u.id = w.user_id AND d.ok
    ), mailed AS (
      ${MAIL_INSERT}
      SELECT m.* FROM unnest(${MAIL_ARRAYS})
        AS m(${MAIL_COLUMNS.join(', ')}), decided d
      WHERE d.ok
      ON CONFLICT (dedupe_key) DO NOTHING
    )
    SELECT ok FROM decided`,
};

/** `ORDER_BATCH` with its parameters for these orders (also the test of its lock order builds it). */
export function batchValues(batch: BatchedOrder[], maxOpenOrders: number): Statement & { values: unknown[] } {
  const orders = batch.map((b) => b.placed.order);
  const lines = batch.flatMap((b) => b.placed.lines);
  const termsAt = batch.flatMap((b) => b.placed.lines.map((_, i) => b.products[i]?.updated_at));
  const mailRows = batch.flatMap((b) => b.mails).map(mailRowValues);
  return {
    ...ORDER_BATCH,
    values: [
      [...new Set(orders.map((o) => o.user_id))].sort(), // $1
      maxOpenOrders, // $2
      [...new Set(lines.map((l) => l.product_id))].sort(), // $3
      termsAt, // $4: the terms each line was decided from
      ...orderArrays(orders),
      ...lineArrays(lines),
      ...MAIL_COLUMNS.map((_, i) => mailRows.map((values) => values[i])),
    ],
  };
}

/** A batch of one order on its own statement, with its event's insert when it has one. */
export function batchOfOneStatement(row: BatchedOrder, maxOpenOrders: number, event: EventBatch | undefined) {
  return withEvent(ORDER_BATCH, batchValues([row], maxOpenOrders).values, '(SELECT ok FROM decided)', event);
}

/**
 * The locking read of an order of several lines: the buyer's row first (its one-time filter runs before the scan),
 * then its products, in id order.
 */
export const LOCK_PRODUCTS: Statement = {
  name: 'kestrel-lock-order-products',
  text: `WITH buyer AS MATERIALIZED (${LOCK_BUYER('$2')})
    SELECT ${TERMS_COLUMNS.join(', ')} FROM products
    WHERE id = ANY($1::varchar[]) AND EXISTS (SELECT 1 FROM buyer) ORDER BY id FOR UPDATE OF products`,
};

/** The locked statement's parameters: $1 the limit, then the order's, its lines' (as arrays), its mails'. */
const LOCKED_ORDER_AT = 2;
const LOCKED_LINES_AT = LOCKED_ORDER_AT + PLACED_COLUMNS.length;
const LOCKED_MAIL_AT = LOCKED_LINES_AT + LINE_COLUMNS.length;

/**
 * The rest of a locked order of several lines in one statement, so that PostgreSQL does not parse and plan it while
 * the order holds its product locks: every line's stock, the order, its lines, and the count under the buyer's
 * limit. Parameters: see `lockedLinesStatement`.
 */
const PLACE_LOCKED_LINES = perMailCount((mails) => {
  const line = (column: string) => placeholder(LINE_COLUMNS, LOCKED_LINES_AT, column);
  return {
    name: `kestrel-place-order-of-lines-${mails}`,
    text: `
    WITH taken AS (
      UPDATE products p SET available_quantity = p.available_quantity - t.quantity
      FROM unnest(${line('product_id')}::varchar[], ${line('quantity')}::integer[]) AS t(id, quantity)
      WHERE p.id = t.id
    ), placed AS (
      INSERT INTO orders (${ORDER_LIST}) VALUES (${scalars(PLACED_COLUMNS, LOCKED_ORDER_AT)})
    ), lines AS (
      INSERT INTO order_lines (${LINE_LIST})
      SELECT * FROM unnest(${arrays(LINE_COLUMNS, LOCKED_LINES_AT)})
    ), counted AS (
      UPDATE users SET open_orders = open_orders + 1
      WHERE id = ${placeholder(PLACED_COLUMNS, LOCKED_ORDER_AT, 'user_id')}::varchar AND open_orders < $1::integer
      RETURNING id
    ), mailed AS (
      ${mailInsert(mails, LOCKED_MAIL_AT, '')}
    )
    SELECT count(*) AS counted FROM counted`,
  };
});

/** PLACE_LOCKED_LINES for this order; gated by nothing: a refused order rolls its transaction back, event and all. */
export function lockedLinesStatement(
  placed: PlacedOrder,
  maxOpenOrders: number,
  mails: NewMailRow[],
  event: EventBatch | undefined,
) {
  const values = [maxOpenOrders, ...orderValues(placed.order), ...lineArrays(placed.lines), ...mailValues(mails)];
  return withEvent(PLACE_LOCKED_LINES(mails.length), values, 'TRUE', event);
}

const withEventStatements = new Map<string, Statement>();

/**
 * A statement and its values, extended when the order has a webhook event: the same statement with one more CTE, a
 * multi-row insert of the event's rows run only when `gate` (an SQL boolean of that statement) holds, its parameters
 * after the statement's own. Prepared once per connection under its own name, like the statement itself.
 */
function withEvent(statement: Statement, values: unknown[], gate: string, batch: EventBatch | undefined) {
  if (!batch) return { ...statement, values };
  const name = `${statement.name}-with-event`;
  let extended = withEventStatements.get(name);
  if (!extended) {
    const at = statement.text.lastIndexOf('\n    SELECT ');
    const text = `${statement.text.slice(0, at)}, ${eventInsertCte(values.length + 1, gate)}${statement.text.slice(at)}`;
    extended = { name, text };
    withEventStatements.set(name, extended);
  }
  return { ...extended, values: [...values, ...eventParameters(batch)] };
}
