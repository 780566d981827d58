// SQLite's order write (placing/index.ts's table): one synchronous step of a group commit's transaction
// (infra/db/sqlite-group-commit.ts), so no other write runs between an order's read of its stock and its take.
import type { SqliteHandle } from '../../../infra/db/create-db.js';
import type { Batch } from '../../../infra/db/sqlite-group-commit.js';
import { SQLITE_LAST_ORDER_NUMBER, SQLITE_TAKE_ORDER_NUMBERS } from '../order-number-repository.js';
import { formatOrderNumber, numberYearOf } from '../order-numbers.js';
import {
  LINE_COLUMNS,
  PLACED_COLUMNS,
  TERMS_COLUMNS,
  isProductTerms,
  lineValues,
  orderValues,
  rowsOf,
  tooManyUnpaid,
  type DecideLines,
  type LineRequest,
  type NumberedOrder,
  type OrderWriterOptions,
  type PendingOrder,
  type PlacedEvent,
  type PlacedOrder,
  type ProductTerms,
} from './placed-rows.js';

// Positional parameters, each row's values in its columns' order: better-sqlite3 binds a named parameter by looking
// its name up on the object, a string made and looked up per column and row (a sixth of the order insert's time).
const insertOf = (table: string, columns: ReadonlyArray<readonly [string, string]>) =>
  `INSERT INTO ${table} (${columns.map(([c]) => c).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;

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
export function sqliteOrderWrite(
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
  const insertOrder = handle.prepare(insertOf('orders', PLACED_COLUMNS));
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
            insertOrder.run(orderValues(placed.order));
            for (const line of placed.lines) insertLine.run(lineValues(line));
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
