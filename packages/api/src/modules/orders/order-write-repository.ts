// The write that places an order: takes each line's stock, records the order and its lines, and counts it among the
// buyer's unpaid orders, as one atomic step. The rules (quantity, price) are the orders service's, handed in as
// `decide`; this guarantees that stock never goes below zero, that the prices charged are the ones decided, and
// that the buyer's open-order limit holds. The "order placed" message is queued in the same step (B2B §6's outbox).
//
// It is the hottest write, and every order of a popular part touches the same product row, so each dialect gets its
// cheapest atomic form (ADR 004): on SQLite one synchronous step of a group commit's transaction; on
// PostgreSQL a one-line order is one prepared statement decided from remembered terms, and an order of several lines
// is a transaction that locks its products in id order first, so two orders over the same products, in any line
// order, never deadlock. Orders decided from remembered terms that arrive while another of their queue is in flight
// go together as one statement (order-batches.ts: one commit for all); the transaction of several lines waits in this
// instance's gate until at most two writes of each of its products are in flight (infra/db/row-gate.ts).
import type { Selectable } from 'kysely';
import type pg from 'pg';
import type { OpenDatabase, SqliteHandle } from '../../infra/db/create-db.js';
import { createRowGate } from '../../infra/db/row-gate.js';
import { groupCommit, type Batch } from '../../infra/db/sqlite-group-commit.js';
import type { OrderLinesTable, OrdersTable, ProductsTable } from '../../infra/db/schema.js';
import { AppError } from '../../infra/errors.js';
import { sumCents } from '../../infra/money.js';
import { taxCents } from '../billing/index.js';
import { MAIL_COLUMNS, mailRowValues, type MailService, type NewMailRow, type OutgoingMail } from '../mail/index.js';
import { eventInsertCte, eventParameters, type EventBatch, type WebhooksService } from '../webhooks/index.js';
import { createOrderBatches, type OrderBatches } from './order-batches.js';
import { SQLITE_LAST_ORDER_NUMBER, SQLITE_TAKE_ORDER_NUMBERS } from './order-number-repository.js';
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
  // The buyer's company (B2B §5), read by the orders service with the buyer's membership; null outside a company.
  | 'company_id'
> &
  // B2B §10: the quote an accepted offer places this order from (only company-order-write-repository.ts writes it).
  Partial<Pick<OrderRow, 'quote_id'>> &
  // B2B §17: 'punchout' for a procurement system's order (only company-order-write-repository.ts writes it).
  Partial<Pick<OrderRow, 'source'>> &
  // B2B §12: the ship-to copy, written by every order write (PostgreSQL's statements: PLACED_TAIL).
  Partial<
    Pick<
      OrderRow,
      | 'ship_to_location_id'
      | 'ship_to_name'
      | 'ship_to_line1'
      | 'ship_to_line2'
      | 'ship_to_city'
      | 'ship_to_postal_code'
      | 'ship_to_region'
      | 'ship_to_country'
    >
  > &
  // B2B §13: the tax decided before the write (order-tax.ts); rowsOf computes its cents on the decided subtotal.
  Partial<Pick<OrderRow, 'tax_rate_milli' | 'tax_name' | 'reverse_charge' | 'tax_exemption_id' | 'tax_country'>>;

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
export const TERMS_COLUMNS = [
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

/**
 * The `order.created` webhook event of a placed order, when an endpoint subscribes (B2B §9): written in the order's
 * own transaction or statement as one more multi-row insert; without it, the write is exactly what it was.
 */
export type PlacedEvent = (placed: PlacedOrder) => EventBatch;

export type OrderWriter = (
  order: PendingOrder,
  lines: LineRequest[],
  decide: DecideLines,
  event?: PlacedEvent,
) => Promise<PlacedOrder>;

export interface OrderWriterOptions {
  /** MAX_OPEN_ORDERS and the message of its refusal. */
  maxOpenOrders: number;
  limitMessage: string;
  /**
   * The messages written with the order: the buyer's "order placed", and the shop's "new order" when SHOP_NOTIFY_EMAIL
   * is set (B2B §11). PostgreSQL's statements take one or two message rows (`MAX_PLACED_MAILS`).
   */
  placedMails: (placed: PlacedOrder) => OutgoingMail[];
  mail: Pick<MailService, 'insertSync' | 'prepare'>;
  webhooks: Pick<WebhooksService, 'insertSync'>;
}

export const tooManyUnpaid = (message: string) => new AppError(409, 'too_many_unpaid_orders', message);

/** A product row that changes under every attempt is not retried for ever (each attempt read fresh stock). */
const MAX_ATTEMPTS = 20;

/** A pending order with the number it will carry (order-numbers.ts). */
export type NumberedOrder = PendingOrder & { number: string };

/** The order row and line rows of a decided order (company-order-write.ts builds on it too). */
export function rowsOf(
  order: NumberedOrder,
  products: ProductTerms[],
  lines: LineRequest[],
  units: number[],
): PlacedOrder {
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
      shipped_quantity: 0,
      cancelled_quantity: 0,
      returned_quantity: 0,
    };
  });
  const first = lineRows[0];
  if (!first) throw new Error('an order needs a line');
  const more = lineRows.length - 1;
  // Exact: the orders service refuses totals above MAX_ORDER_TOTAL_CENTS, which a Number holds exactly.
  const subtotal = Number(sumCents(lineRows.map((l) => l.line_total_cents)));
  const rateMilli = order.tax_rate_milli ?? 0;
  const tax = taxCents(subtotal, rateMilli);
  return {
    order: {
      ...order,
      // SPEC's one-product fields: the first line's product, all lines' units and the order total.
      product_id: first.product_id,
      item_name: more > 0 ? `${first.name} + ${more} more` : first.name,
      quantity: lineRows.reduce((sum, l) => sum + l.quantity, 0),
      unit_price_cents: first.unit_price_cents,
      // SPEC's price: the subtotal and its tax (B2B §13).
      total_cents: subtotal + tax,
      paid_at: null,
      transaction_id: null,
      status: 'pending',
      status_history: JSON.stringify([{ status: 'pending', at: order.created_at }]),
      due_date: null,
      carrier: null,
      tracking_number: null,
      invoice_number: null,
      refunded_at: null,
      cancel_reason: null,
      paid_reference: null,
      credit_note_number: null,
      credit_note_at: null,
      credited_cents: 0,
      quote_id: order.quote_id ?? null,
      source: order.source ?? 'web',
      // Issue 47: set by the company write for an order awaiting approval; the hot writes leave both null.
      approval_limit_cents: null,
      approval_reminded_at: null,
      // B2B §12: the ship-to copy, or none.
      ship_to_location_id: order.ship_to_location_id ?? null,
      ship_to_name: order.ship_to_name ?? null,
      ship_to_line1: order.ship_to_line1 ?? null,
      ship_to_line2: order.ship_to_line2 ?? null,
      ship_to_city: order.ship_to_city ?? null,
      ship_to_postal_code: order.ship_to_postal_code ?? null,
      ship_to_region: order.ship_to_region ?? null,
      ship_to_country: order.ship_to_country ?? null,
      tax_cents: tax,
      tax_rate_milli: rateMilli,
      tax_name: order.tax_name ?? null,
      reverse_charge: order.reverse_charge ?? 0,
      tax_exemption_id: order.tax_exemption_id ?? null,
      tax_country: order.tax_country ?? null,
      // Placing is the order's first change (B2B §9's poll); every insert below writes it from created_at.
      updated_at: order.created_at,
    },
    lines: lineRows,
  };
}

/** The columns the SQLite order write fills; the others start null (a quote's order is written by company-order-write). */
const ORDER_COLUMNS = [
  'id',
  'number',
  'product_id',
  'user_id',
  'item_name',
  'quantity',
  'unit_price_cents',
  'total_cents',
  'email',
  'user_name',
  'phone',
  'address',
  'paid_at',
  'transaction_id',
  'created_at',
  'po_number',
  'note',
  'status',
  'status_history',
  'payment_terms',
  'due_date',
  'expires_at',
  'carrier',
  'tracking_number',
  'invoice_number',
  'company_id',
  'updated_at',
  // B2B §12 and §13: an order with a ship-to or a tax keeps the hot write (the columns are only more values of the one
  // insert), as on PostgreSQL (PLACED_TAIL).
  'ship_to_location_id',
  'ship_to_name',
  'ship_to_line1',
  'ship_to_line2',
  'ship_to_city',
  'ship_to_postal_code',
  'ship_to_region',
  'ship_to_country',
  'tax_cents',
  'tax_rate_milli',
  'tax_name',
  'reverse_charge',
  'tax_exemption_id',
  'tax_country',
] as const satisfies ReadonlyArray<keyof OrderRow>;
const LINE_COLUMNS = [
  'order_id',
  'line_no',
  'product_id',
  'sku',
  'name',
  'quantity',
  'unit_price_cents',
  'line_total_cents',
] as const satisfies ReadonlyArray<keyof OrderLineRow>;
// Positional parameters, each row's values in its columns' order: better-sqlite3 binds a named parameter by looking
// its name up on the object, a string made and looked up per column and row (a sixth of the order insert's time).
const insertOf = (table: string, columns: readonly string[]) =>
  `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;

/**
 * The SQLite form, run synchronously inside a group commit's transaction (infra/db/sqlite-group-commit.ts): everything
 * is read and decided first, so a refusal (the buyer's limit, a line `decide` refuses) throws before anything is
 * written; then the writes, which only a failing database can stop.
 *
 * What the orders of one batch only add to (each buyer's count of unpaid orders, the year's order number, each
 * product's stock) is read once per batch, kept in memory as the batch's orders take from it, and written once at
 * the batch's end: under load a batch holds about 27 orders of a few buyers and products, and those were six of the
 * nine statements of every order (bench/results/history.md). Nothing else writes inside the transaction, so what the batch
 * remembers is what the database holds plus what its own orders took.
 */
function sqliteOrderWrite(
  handle: SqliteHandle,
  { maxOpenOrders, limitMessage, placedMails, mail, webhooks }: OrderWriterOptions,
) {
  const openOrders = handle.prepare('SELECT open_orders FROM users WHERE id = ?');
  const lastNumber = handle.prepare(SQLITE_LAST_ORDER_NUMBER);
  const read = handle.prepare(`SELECT ${TERMS_COLUMNS.join(', ')} FROM products WHERE id = ?`);
  const count = handle.prepare('UPDATE users SET open_orders = open_orders + ? WHERE id = ?');
  // The year's numbers taken by the batch, in this same transaction: a failed batch rolls them back with the rest.
  const takeNumbers = handle.prepare(SQLITE_TAKE_ORDER_NUMBERS);
  const take = handle.prepare('UPDATE products SET available_quantity = available_quantity - ? WHERE id = ?');
  const insertOrder = handle.prepare(insertOf('orders', ORDER_COLUMNS));
  const insertLine = handle.prepare(insertOf('order_lines', LINE_COLUMNS));

  return (): Batch<[PendingOrder, LineRequest[], DecideLines, PlacedEvent?], PlacedOrder> => {
    /** Per buyer: unpaid orders in the database, and those this batch adds. */
    const buyers = new Map<string, { open: number; added: number }>();
    /** Per year: the last number in the database, and how many this batch takes after it. */
    const years = new Map<number, { last: number; taken: number }>();
    /** Per product: its terms with the stock left after this batch's orders, and the units they took. */
    const stock = new Map<string, { terms: ProductTerms; taken: number }>();

    const buyerOf = (userId: string) =>
      readOnce(buyers, userId, () => {
        const row: unknown = openOrders.get(userId);
        return isOpenOrdersRow(row) ? { open: row.open_orders, added: 0 } : undefined;
      });
    const yearOf = (year: number) =>
      readOnce(years, year, () => {
        const row: unknown = lastNumber.get(year);
        return { last: isCounterRow(row) ? row.last_number : 0, taken: 0 };
      });
    const productOf = (id: string) =>
      readOnce(stock, id, () => {
        const row: unknown = read.get(id);
        return isProductTerms(row) ? { terms: row, taken: 0 } : undefined;
      });

    return {
      plan(pending, lines, decide, event) {
        const buyer = buyerOf(pending.user_id);
        if (!buyer || buyer.open + buyer.added >= maxOpenOrders) throw tooManyUnpaid(limitMessage);
        const year = numberYearOf(pending.created_at);
        const counter = yearOf(year);
        const order: NumberedOrder = { ...pending, number: formatOrderNumber(year, counter.last + counter.taken + 1) };
        const entries = lines.map((line) => productOf(line.productId));
        const products = entries.map((entry) => entry?.terms);
        const units = decide(products);
        const placed = rowsOf(order, products.filter(isProductTerms), lines, units);
        const mails = placedMails(placed).map((message) => mail.prepare(message));
        const events = event?.(placed);
        return {
          value: placed,
          write() {
            buyer.added += 1;
            counter.taken += 1;
            placed.lines.forEach((line, i) => {
              const entry = entries[i];
              if (!entry) return;
              entry.terms.available_quantity -= line.quantity;
              entry.taken += line.quantity;
            });
            insertOrder.run(ORDER_COLUMNS.map((c) => placed.order[c]));
            for (const line of placed.lines) insertLine.run(LINE_COLUMNS.map((c) => line[c]));
            for (const row of mails) mail.insertSync(row);
            if (events) webhooks.insertSync(events);
          },
        };
      },
      finish() {
        for (const [userId, buyer] of buyers) if (buyer.added > 0) count.run(buyer.added, userId);
        for (const [year, counter] of years) {
          if (counter.taken === 0) continue;
          const row: unknown = takeNumbers.get(year, counter.taken, counter.taken);
          // Nothing else writes inside the transaction, so the counter is where the batch read it.
          if (!isCounterRow(row) || row.last_number !== counter.last + counter.taken) {
            throw new Error('the order number moved under a write');
          }
        }
        for (const [id, entry] of stock) if (entry.taken > 0) take.run(entry.taken, id);
      },
    };
  };
}

/** What `map` remembers of `key`, read the first time it is asked for (a read that finds nothing is not remembered). */
function readOnce<K, V, Found extends V | undefined>(map: Map<K, V>, key: K, read: () => Found): V | Found {
  const known = map.get(key);
  if (known !== undefined) return known;
  const found = read();
  if (found !== undefined) map.set(key, found);
  return found;
}

function isOpenOrdersRow(row: unknown): row is { open_orders: number } {
  return typeof row === 'object' && row !== null && 'open_orders' in row && typeof row.open_orders === 'number';
}

function isCounterRow(row: unknown): row is { last_number: number } {
  return typeof row === 'object' && row !== null && 'last_number' in row && typeof row.last_number === 'number';
}

export function isProductTerms(row: unknown): row is ProductTerms {
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

/**
 * B2B §12's ship-to copy and §13's tax, the columns every PostgreSQL order insert appends after its own, each with its
 * parameter type: the statements below generate their column lists, placeholders and unnest arrays from this one list
 * (nothing numbered by hand), so an order with a ship-to or a tax keeps the hot statements, as on SQLite.
 */
const PLACED_TAIL = [
  ['ship_to_location_id', 'varchar'],
  ['ship_to_name', 'varchar'],
  ['ship_to_line1', 'varchar'],
  ['ship_to_line2', 'varchar'],
  ['ship_to_city', 'varchar'],
  ['ship_to_postal_code', 'varchar'],
  ['ship_to_region', 'varchar'],
  ['ship_to_country', 'varchar'],
  ['tax_cents', 'bigint'],
  ['tax_rate_milli', 'integer'],
  ['tax_name', 'varchar'],
  ['reverse_charge', 'integer'],
  ['tax_exemption_id', 'varchar'],
  ['tax_country', 'varchar'],
] as const satisfies ReadonlyArray<readonly [keyof OrderRow, string]>;
const TAIL_COLUMNS = PLACED_TAIL.map(([column]) => column).join(', ');
/** `$first::type, ...`: the tail's placeholders for one order. */
const tailParameters = (first: number) => PLACED_TAIL.map(([, type], i) => `$${first + i}::${type}`).join(', ');
/** The tail's values of one order, in the list's order. */
const tailValues = (o: OrderRow) => PLACED_TAIL.map(([column]) => o[column]);

/** The outbox row of the "order placed" message, as part of an order's statement. */
const MAIL_INSERT = `INSERT INTO mail_outbox (${MAIL_COLUMNS.join(', ')})`;
/** `$first, $first+1, ...`, one per mail column; `attempts` is an integer. */
function mailParameters(first: number): string {
  return MAIL_COLUMNS.map((c, i) => `$${first + i}${c === 'attempts' ? '::integer' : ''}`).join(', ');
}
function mailValues(rows: NewMailRow[]): unknown[] {
  return rows.flatMap(mailRowValues);
}

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
function perMailCount<T extends { name: string; text: string }>(make: (count: number) => T): (count: number) => T {
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

/**
 * The one-line order as one statement, prepared once per connection (PostgreSQL plans it once rather than per order):
 * lock the buyer's row, then take the stock only while it suffices, the terms are the ones decided from and the buyer
 * is under the limit; record the order and its line; count it. Parameters: see `oneLineValues`.
 */
const ONE_LINE_ORDER = perMailCount((mails) => ({
  name: `kestrel-place-one-line-order-${mails}`,
  text: `
    WITH buyer AS MATERIALIZED (${LOCK_BUYER('$3')}
    ), reserved AS (
      UPDATE products SET available_quantity = available_quantity - $4::integer
      WHERE id = $2 AND available_quantity >= $4::integer AND updated_at = $18
        AND (SELECT open_orders FROM buyer) < $19::integer
      RETURNING id
    ), placed AS (
      INSERT INTO orders (id, product_id, user_id, item_name, quantity, unit_price_cents, total_cents, email,
        user_name, phone, address, created_at, po_number, note, status, status_history, payment_terms, expires_at,
        updated_at, number, company_id, ${TAIL_COLUMNS})
      SELECT $1, $2, $3, $5, $4::integer, $6::bigint, $7::bigint, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $21,
        $12, $${22 + mails * MAIL_COLUMNS.length}, $${23 + mails * MAIL_COLUMNS.length},
        ${tailParameters(25 + mails * MAIL_COLUMNS.length)}
      FROM reserved
      RETURNING id
    ), line AS (
      INSERT INTO order_lines (order_id, line_no, product_id, sku, name, quantity, unit_price_cents, line_total_cents)
      SELECT $1, 0, $2, $20, $5, $4::integer, $6::bigint, $${24 + mails * MAIL_COLUMNS.length}::bigint
      FROM placed
    ), counted AS (
      UPDATE users SET open_orders = open_orders + 1 WHERE id = $3 AND EXISTS (SELECT 1 FROM placed)
    ), mailed AS (
      ${mailInsert(mails, 22, 'FROM placed')}
    )
    SELECT id FROM placed`,
}));

function oneLineValues(
  placed: PlacedOrder,
  product: ProductTerms,
  maxOpenOrders: number,
  mail: NewMailRow[],
): unknown[] {
  const o = placed.order;
  return [
    o.id, // $1
    o.product_id, // $2
    o.user_id, // $3
    o.quantity, // $4: the line's quantity, the order's only one
    o.item_name, // $5: the product's name, the order's and the line's
    o.unit_price_cents, // $6
    o.total_cents, // $7: the order's total (the line's and its tax)
    o.email, // $8
    o.user_name, // $9
    o.phone, // $10
    o.address, // $11
    o.created_at, // $12: also the order's updated_at
    o.po_number, // $13
    o.note, // $14
    o.status, // $15
    o.status_history, // $16
    o.payment_terms, // $17
    product.updated_at, // $18: the terms decided from
    maxOpenOrders, // $19
    product.sku, // $20
    o.expires_at, // $21
    ...mailValues(mail), // $22 on: each message's columns
    o.number, // after the messages' columns
    o.company_id, // after the number
    placed.lines[0]?.line_total_cents, // after the company: the line's total, the order's without its tax
    ...tailValues(o), // after the line's total: PLACED_TAIL
  ];
}

/** One order of a batch (order-batches.ts): its decided rows, the terms of each line's product, its messages. */
export interface BatchedOrder {
  placed: PlacedOrder;
  /** Each line's product as decided from, in line order. */
  products: ProductTerms[];
  mails: NewMailRow[];
}

/** The outbox columns' array types in the batch's statement: every column is text but the attempts. */
const mailArrayType = (column: (typeof MAIL_COLUMNS)[number]) => (column === 'attempts' ? 'integer[]' : 'varchar[]');
const FIRST_MAIL_PARAMETER = 33;
const MAIL_ARRAYS = MAIL_COLUMNS.map((c, i) => `$${FIRST_MAIL_PARAMETER + i}::${mailArrayType(c)}`).join(', ');
/** PLACED_TAIL's arrays, after the messages' columns. */
const FIRST_TAIL_PARAMETER = FIRST_MAIL_PARAMETER + MAIL_COLUMNS.length;
const TAIL_ARRAYS = PLACED_TAIL.map(([, type], i) => `$${FIRST_TAIL_PARAMETER + i}::${type}[]`).join(', ');

/**
 * A batch of orders as one statement, all or nothing (order-batches.ts): lock the buyers' rows in id order, then the
 * products' in id order (as every order write takes them); then, only while every product's stock covers all the
 * batch's lines of it, every line was decided from its product's current terms and every buyer stays under the limit
 * with all their orders of the batch, take the stock and write the orders, their lines, the buyers' counts and the
 * messages. Answers `ok`; when false, nothing was written. Parameters: see `batchValues`. `locked` counts the buyers
 * rather than asking EXISTS, which reads one buyer's row: the others would be locked after the products, and two
 * batches could wait for each other.
 */
const ORDER_BATCH = {
  name: 'kestrel-place-order-batch',
  text: `
    WITH buyers AS MATERIALIZED (
      SELECT id, open_orders FROM users WHERE id = ANY($1::varchar[]) ORDER BY id FOR UPDATE
    ), wanted_by AS (
      SELECT user_id, count(*) AS n FROM unnest($3::varchar[]) AS t(user_id) GROUP BY user_id
    ), lines AS (
      SELECT * FROM unnest($23::varchar[], $24::integer[], $25::varchar[], $26::varchar[], $27::varchar[],
        $28::integer[], $29::bigint[], $30::bigint[], $31::varchar[])
        AS l(order_id, line_no, product_id, sku, name, quantity, unit, total, terms_at)
    ), wanted AS (
      SELECT product_id, sum(quantity) AS quantity, min(terms_at) AS first_terms, max(terms_at) AS last_terms
      FROM lines GROUP BY product_id
    ), locked AS MATERIALIZED (
      SELECT id, available_quantity, updated_at FROM products
      WHERE id = ANY($32::varchar[]) AND (SELECT count(*) FROM buyers) > 0 ORDER BY id FOR UPDATE OF products
    ), decided AS MATERIALIZED (
      SELECT
        (SELECT count(*) FROM locked p JOIN wanted w ON w.product_id = p.id
          WHERE p.available_quantity >= w.quantity AND p.updated_at = w.first_terms AND p.updated_at = w.last_terms)
          = (SELECT count(*) FROM wanted)
        AND (SELECT count(*) FROM buyers b JOIN wanted_by w ON w.user_id = b.id
          WHERE b.open_orders + w.n <= $4::integer)
          = (SELECT count(*) FROM wanted_by)
        AS ok
    ), taken AS (
      UPDATE products p SET available_quantity = p.available_quantity - w.quantity
      FROM wanted w, decided d
      WHERE p.id = w.product_id AND d.ok
    ), placed AS (
      INSERT INTO orders (id, product_id, user_id, item_name, quantity, unit_price_cents, total_cents, email,
        user_name, phone, address, created_at, po_number, note, status, status_history, payment_terms, expires_at,
        updated_at, number, company_id, ${TAIL_COLUMNS})
      SELECT t.id, t.product_id, t.user_id, t.item_name, t.quantity, t.unit, t.total, t.email, t.user_name, t.phone,
        t.address, t.created_at, t.po_number, t.note, t.status, t.status_history, t.payment_terms, t.expires_at,
        t.created_at, t.number, t.company_id, ${PLACED_TAIL.map(([column]) => `t.${column}`).join(', ')}
      FROM unnest($2::varchar[], $5::varchar[], $3::varchar[], $6::varchar[], $7::integer[], $8::bigint[],
        $9::bigint[], $10::varchar[], $11::varchar[], $12::varchar[], $13::text[], $14::varchar[], $15::varchar[],
        $16::text[], $17::varchar[], $18::text[], $19::varchar[], $20::varchar[], $21::varchar[], $22::varchar[],
        ${TAIL_ARRAYS})
        AS t(id, product_id, user_id, item_name, quantity, unit, total, email, user_name, phone, address, created_at,
          po_number, note, status, status_history, payment_terms, expires_at, number, company_id, ${TAIL_COLUMNS}),
        decided d
      WHERE d.ok
    ), lines_written AS (
      INSERT INTO order_lines (order_id, line_no, product_id, sku, name, quantity, unit_price_cents, line_total_cents)
      SELECT l.order_id, l.line_no, l.product_id, l.sku, l.name, l.quantity, l.unit, l.total
      FROM lines l, decided d
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
  const lines = batch.flatMap((b) => b.placed.lines.map((line, i) => ({ line, termsAt: b.products[i]?.updated_at })));
  const mailRows = batch.flatMap((b) => b.mails).map(mailRowValues);
  return {
    ...ORDER_BATCH,
    values: [
      [...new Set(orders.map((o) => o.user_id))].sort(), // $1
      orders.map((o) => o.id), // $2
      orders.map((o) => o.user_id), // $3
      maxOpenOrders, // $4
      orders.map((o) => o.product_id), // $5
      orders.map((o) => o.item_name), // $6
      orders.map((o) => o.quantity), // $7
      orders.map((o) => o.unit_price_cents), // $8
      orders.map((o) => o.total_cents), // $9
      orders.map((o) => o.email), // $10
      orders.map((o) => o.user_name), // $11
      orders.map((o) => o.phone), // $12
      orders.map((o) => o.address), // $13
      orders.map((o) => o.created_at), // $14
      orders.map((o) => o.po_number), // $15
      orders.map((o) => o.note), // $16
      orders.map((o) => o.status), // $17
      orders.map((o) => o.status_history), // $18
      orders.map((o) => o.payment_terms), // $19
      orders.map((o) => o.expires_at), // $20
      orders.map((o) => o.number), // $21
      orders.map((o) => o.company_id), // $22
      lines.map((l) => l.line.order_id), // $23
      lines.map((l) => l.line.line_no), // $24
      lines.map((l) => l.line.product_id), // $25
      lines.map((l) => l.line.sku), // $26
      lines.map((l) => l.line.name), // $27
      lines.map((l) => l.line.quantity), // $28
      lines.map((l) => l.line.unit_price_cents), // $29
      lines.map((l) => l.line.line_total_cents), // $30
      lines.map((l) => l.termsAt), // $31: the terms each line was decided from
      [...new Set(lines.map((l) => l.line.product_id))].sort(), // $32
      ...MAIL_COLUMNS.map((_, i) => mailRows.map((values) => values[i])), // $33 on: the messages' columns
      ...PLACED_TAIL.map(([column]) => orders.map((o) => o[column])), // after them: PLACED_TAIL
    ],
  };
}

interface Statement {
  name: string;
  text: string;
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

/**
 * PostgreSQL, one line: decide from the terms at hand (read when there are none), then the one statement above. A
 * refusal of the statement (stock, an edit, the limit) or of a decision on remembered terms reads and decides again.
 */
async function postgresOneLine(
  database: OpenDatabase,
  pool: pg.Pool,
  batches: OrderBatches<BatchedOrder>,
  known: TermsCache,
  order: NumberedOrder,
  line: LineRequest,
  decide: DecideLines,
  { maxOpenOrders, limitMessage, placedMails, mail }: OrderWriterOptions,
  event: PlacedEvent | undefined,
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
    const mails = placedMails(placed).map((m) => mail.prepare(m));
    const values = oneLineValues(placed, product, maxOpenOrders, mails);
    const events = event?.(placed);
    const own = withEvent(ONE_LINE_ORDER(mails.length), values, 'EXISTS (SELECT 1 FROM placed)', events);
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
 * The locking read of an order of several lines: the buyer's row first (its one-time filter runs before the scan),
 * then its products, in id order (prepared once per connection).
 */
const LOCK_PRODUCTS = {
  name: 'kestrel-lock-order-products',
  text: `WITH buyer AS MATERIALIZED (${LOCK_BUYER('$2')})
    SELECT ${TERMS_COLUMNS.join(', ')} FROM products
    WHERE id = ANY($1::varchar[]) AND EXISTS (SELECT 1 FROM buyer) ORDER BY id FOR UPDATE OF products`,
};

/**
 * The rest of an order of several lines in one statement, prepared once per connection so that PostgreSQL does not
 * parse and plan it while the order holds its product locks: every line's stock, the order, its lines, and the count
 * under the buyer's limit. Parameters: see `manyLinesValues`.
 */
const PLACE_LINES = perMailCount((mails) => ({
  name: `kestrel-place-order-of-lines-${mails}`,
  text: `
    WITH taken AS (
      UPDATE products p SET available_quantity = p.available_quantity - t.quantity
      FROM unnest($19::varchar[], $20::integer[]) AS t(id, quantity)
      WHERE p.id = t.id
    ), placed AS (
      INSERT INTO orders (id, product_id, user_id, item_name, quantity, unit_price_cents, total_cents, email,
        user_name, phone, address, created_at, po_number, note, status, status_history, payment_terms, expires_at,
        updated_at, number, company_id, ${TAIL_COLUMNS})
      VALUES ($1, $2, $3, $4, $5::integer, $6::bigint, $7::bigint, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17,
        $26, $12, $${27 + mails * MAIL_COLUMNS.length}, $${28 + mails * MAIL_COLUMNS.length},
        ${tailParameters(29 + mails * MAIL_COLUMNS.length)})
    ), lines AS (
      INSERT INTO order_lines (order_id, line_no, product_id, sku, name, quantity, unit_price_cents, line_total_cents)
      SELECT $1, t.line_no, t.product_id, t.sku, t.name, t.quantity, t.unit_price_cents, t.line_total_cents
      FROM unnest($21::integer[], $19::varchar[], $22::varchar[], $23::varchar[], $20::integer[], $24::bigint[],
        $25::bigint[]) AS t(line_no, product_id, sku, name, quantity, unit_price_cents, line_total_cents)
    ), counted AS (
      UPDATE users SET open_orders = open_orders + 1 WHERE id = $3 AND open_orders < $18::integer
      RETURNING id
    ), mailed AS (
      ${mailInsert(mails, 27, '')}
    )
    SELECT count(*) AS counted FROM counted`,
}));

function manyLinesValues({ order: o, lines: ls }: PlacedOrder, maxOpenOrders: number, mail: NewMailRow[]): unknown[] {
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
    ...mailValues(mail), // $27 on: each message's columns
  ];
}

/**
 * The queue of every order of several lines (order-batches.ts): one batch in flight at a time takes them all, where a
 * queue per first product ran batches side by side that waited on each other's product rows (the bench's scene in
 * alternating runs: 1,417-1,713 orders/s with a queue per first product, 2,331-2,571 with one).
 */
const SEVERAL_LINES = 'several lines';

/**
 * PostgreSQL, several lines, the common case: decide from the terms at hand (reading those missing), then write the
 * order in a batch (`ORDER_BATCH`), or alone as a batch of one. Answers undefined when the decision or the statement
 * refused: the transaction below then decides on the products as they are, and names every refused line.
 */
async function postgresDecidedLines(
  database: OpenDatabase,
  pool: pg.Pool,
  batches: OrderBatches<BatchedOrder>,
  known: TermsCache,
  order: NumberedOrder,
  lines: LineRequest[],
  decide: DecideLines,
  { maxOpenOrders, placedMails, mail }: OrderWriterOptions,
  event: PlacedEvent | undefined,
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
  const mails = placedMails(placed).map((m) => mail.prepare(m));
  const row: BatchedOrder = { placed, products, mails };
  const events = event?.(placed);
  // On its own, the order is a batch of one, with its event's insert when it has one.
  const own = withEvent(ORDER_BATCH, batchValues([row], maxOpenOrders).values, '(SELECT ok FROM decided)', events);
  const written = await batches(SEVERAL_LINES, {
    alone: async () => ((await pool.query<{ ok: boolean }>(own)).rows[0]?.ok === true ? 'placed' : 'refused'),
    ...(events ? {} : { row }),
  });
  if (written === 'placed') return placed;
  for (const product of products) known.forget(product.id);
  return undefined;
}

/**
 * PostgreSQL, several lines: one transaction on one pool client that locks the buyer's row and then the products in
 * id order (so orders over the same products wait for each other instead of deadlocking), decides, and writes
 * everything else in one statement.
 */
async function postgresManyLines(
  pool: pg.Pool,
  order: NumberedOrder,
  lines: LineRequest[],
  decide: DecideLines,
  { maxOpenOrders, limitMessage, placedMails, mail }: OrderWriterOptions,
  event: PlacedEvent | undefined,
): Promise<PlacedOrder> {
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
      const values = [
        ...manyLinesValues(placed, maxOpenOrders, mails),
        placed.order.number,
        placed.order.company_id,
        ...tailValues(placed.order),
      ];
      // Gated by nothing: a refused order rolls the whole transaction back, its event with it.
      const { rows } = await client.query<{ counted: string }>(
        withEvent(PLACE_LINES(mails.length), values, 'TRUE', event?.(placed)),
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

/**
 * Transactions of several lines that this instance lets PostgreSQL see at once per product (infra/db/row-gate.ts):
 * two keep a product's row busy (one commits while the next waits on its lock); more only add wake-ups.
 */
const WRITERS_PER_PRODUCT = 2;

export function createOrderWriter(database: OpenDatabase, options: OrderWriterOptions): OrderWriter {
  const { sqlite } = database;
  if (sqlite) return groupCommit(database, sqlite, sqliteOrderWrite(sqlite, options));
  const pool = database.pg;
  if (!pool) throw new Error('an open database is SQLite or PostgreSQL');
  const known = createTermsCache();
  const gate = createRowGate(WRITERS_PER_PRODUCT);
  const batches = createOrderBatches(pool, (rows: BatchedOrder[]) => batchValues(rows, options.maxOpenOrders));
  const nextNumber = postgresOrderNumbers(database.db);
  return async (pending, lines, decide, event) => {
    // Asked for before any await, so numbers follow the order in which the orders were created.
    const numbered = nextNumber(numberYearOf(pending.created_at));
    const order: NumberedOrder = { ...pending, number: await numbered };
    const [only] = lines;
    if (lines.length === 1 && only) {
      return postgresOneLine(database, pool, batches, known, order, only, decide, options, event);
    }
    return (
      (await postgresDecidedLines(database, pool, batches, known, order, lines, decide, options, event)) ??
      gate(
        lines.map((l) => l.productId),
        () => postgresManyLines(pool, order, lines, decide, options, event),
      )
    );
  };
}
