// SQL of the orders table.
import { sql, type Selectable, type Transaction } from 'kysely';
import { onSqliteConnection, type Db, type OpenDatabase, type SqliteHandle } from '../../infra/db/create-db.js';
import type { Database, OrdersTable, ProductsTable } from '../../infra/db/schema.js';
import { AppError } from '../../infra/errors.js';

export type OrderRow = Selectable<OrdersTable>;
type Executor = Db | Transaction<Database>;

/** An order before it is placed: unpaid, with its item name and prices to come from the product row. */
export type PendingOrder = Omit<
  OrderRow,
  'item_name' | 'unit_price_cents' | 'total_cents' | 'paid_at' | 'transaction_id'
>;

/** What the orders service needs of a product to decide an order line, read in the same step as the write. */
export type ProductTerms = Pick<
  Selectable<ProductsTable>,
  'name' | 'price_cents' | 'min_quantity' | 'available_quantity' | 'pack_size' | 'max_quantity' | 'price_breaks'
>;
const TERMS_COLUMNS = [
  'name',
  'price_cents',
  'min_quantity',
  'available_quantity',
  'pack_size',
  'max_quantity',
  'price_breaks',
] as const;

/**
 * The orders service's rule, handed to the write: the unit price in cents to charge for the order's quantity of this
 * product as it is at that instant (undefined: the product is gone). It throws to refuse; nothing is written then.
 */
export type DecideUnitPrice = (product: ProductTerms | undefined) => number;

/** Records an order while taking its stock, as one atomic step, once `decide` accepts it. */
export type OrderWriter = (order: PendingOrder, decide: DecideUnitPrice) => Promise<OrderRow>;

/** A product row that changes under every attempt is not retried for ever (each attempt read fresh stock). */
const MAX_ATTEMPTS = 20;

/**
 * Builds the write that takes `quantity` units of the product's stock and records the order. The rules are the
 * service's (`decide`); this only guarantees that stock never goes below zero and that the unit price charged is the
 * one decided on.
 *
 * This is the hottest write and every order of a popular part touches the same product row, so each dialect gets its
 * cheapest atomic form (ADR 004): on SQLite one synchronous transaction (read, decide, update, insert) built once
 * here; on PostgreSQL a read and then one statement whose stock condition makes it safe without a lock held across
 * round trips: if the stock moved below the quantity in between, it reads and decides again.
 */
export function createOrderWriter(database: OpenDatabase): OrderWriter {
  const { sqlite, db } = database;
  if (sqlite) {
    const write = sqliteOrderWrite(sqlite);
    return (order, decide) => onSqliteConnection(database, () => write(order, decide));
  }
  return async (order, decide) => {
    for (let attempt = 1; ; attempt++) {
      const product = await db
        .selectFrom('products')
        .select(TERMS_COLUMNS)
        .where('id', '=', order.product_id)
        .executeTakeFirst();
      const unit = decide(product);
      const q = order.quantity;
      const { rows } = await sql<OrderRow>`
        WITH reserved AS (
          UPDATE products SET available_quantity = available_quantity - ${q}
          WHERE id = ${order.product_id} AND available_quantity >= ${q}
          RETURNING name
        )
        INSERT INTO orders (id, product_id, user_id, item_name, quantity, unit_price_cents, total_cents, email,
          user_name, phone, address, paid_at, transaction_id, created_at)
        SELECT ${order.id}, ${order.product_id}, ${order.user_id}, name, ${q}::integer, ${unit}::integer,
          ${unit * q}::bigint, ${order.email}, ${order.user_name}, ${order.phone}, ${order.address}, NULL, NULL,
          ${order.created_at}
        FROM reserved
        RETURNING *`.execute(db);
      if (rows[0]) return rows[0];
      if (attempt >= MAX_ATTEMPTS) {
        throw new AppError(409, 'stock_changed', 'The stock of this product kept changing; please try again');
      }
    }
  };
}

function isProductTerms(row: unknown): row is ProductTerms {
  return (
    typeof row === 'object' &&
    row !== null &&
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
    typeof row.price_breaks === 'string'
  );
}

/** The SQLite form: better-sqlite3 wraps it in BEGIN/COMMIT and rolls back when `decide` throws. */
function sqliteOrderWrite(handle: SqliteHandle): (order: PendingOrder, decide: DecideUnitPrice) => OrderRow {
  const read = handle.prepare(`SELECT ${TERMS_COLUMNS.join(', ')} FROM products WHERE id = ?`);
  const take = handle.prepare(
    'UPDATE products SET available_quantity = available_quantity - @quantity WHERE id = @product_id',
  );
  const insert = handle.prepare(
    `INSERT INTO orders (id, product_id, user_id, item_name, quantity, unit_price_cents, total_cents, email, user_name,
       phone, address, paid_at, transaction_id, created_at)
     VALUES (@id, @product_id, @user_id, @item_name, @quantity, @unit_price_cents, @total_cents, @email, @user_name,
       @phone, @address, @paid_at, @transaction_id, @created_at)`,
  );
  return handle.database.transaction((order: PendingOrder, decide: DecideUnitPrice): OrderRow => {
    const found: unknown = read.get(order.product_id);
    const product = isProductTerms(found) ? found : undefined;
    const unit = decide(product);
    // Inside this transaction nothing else writes: the stock read above is the stock updated here.
    if (!product || product.available_quantity < order.quantity) throw new Error('decide accepted a missing stock');
    take.run({ quantity: order.quantity, product_id: order.product_id });
    const row: OrderRow = {
      ...order,
      item_name: product.name,
      unit_price_cents: unit,
      total_cents: unit * order.quantity,
      paid_at: null,
      transaction_id: null,
    };
    insert.run(row);
    return row;
  });
}

export function listAllOrders(db: Db): Promise<OrderRow[]> {
  return db.selectFrom('orders').selectAll().orderBy('id', 'asc').execute();
}

export function listOrdersOfUser(db: Db, userId: string): Promise<OrderRow[]> {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id', 'asc').execute();
}

export function findOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes the order only while it is unpaid, so a payment landing at the same moment wins. */
export async function deleteUnpaidOrder(trx: Transaction<Database>, id: string): Promise<number> {
  const result = await trx.deleteFrom('orders').where('id', '=', id).where('paid_at', 'is', null).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Marks an unpaid order paid; answers whether this call did it (paying twice changes nothing). */
export async function markOrderPaid(db: Executor, id: string, transactionId: string, paidAt: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ paid_at: paidAt, transaction_id: transactionId })
    .where('id', '=', id)
    .where('paid_at', 'is', null)
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
