// SQL of the orders table.
import { sql, type Selectable, type Transaction } from 'kysely';
import { onSqliteConnection, type Db, type SqliteHandle } from '../db/create-db.js';
import type { Database, OrdersTable } from '../db/schema.js';

export type OrderRow = Selectable<OrdersTable>;
type Executor = Db | Transaction<Database>;

/** An order before it is placed: unpaid, with its item name and prices to come from the product row. */
export type PendingOrder = Omit<
  OrderRow,
  'item_name' | 'unit_price_cents' | 'total_cents' | 'paid_at' | 'transaction_id'
>;

/**
 * Takes `quantity` units of the product's stock and records the order, as one atomic step; answers undefined, with
 * nothing changed, when the product is gone or the quantity is outside its minimum and stock.
 *
 * This is the hottest write and every order of a popular part touches the same product row, so each dialect gets its
 * cheapest atomic form (ADR 004): on PostgreSQL one statement, so the row is locked only while it runs rather than
 * across several round trips; on SQLite one synchronous transaction of two prepared statements.
 */
export async function insertOrderTakingStock(db: Db, order: PendingOrder): Promise<OrderRow | undefined> {
  const onSqlite = await onSqliteConnection(db, (handle) => sqliteOrderWriter(handle)(order));
  if (onSqlite.dialect === 'sqlite') return onSqlite.value;
  const q = order.quantity;
  const { rows } = await sql<OrderRow>`
    WITH reserved AS (
      UPDATE products SET available_quantity = available_quantity - ${q}
      WHERE id = ${order.product_id} AND available_quantity >= ${q} AND min_quantity <= ${q}
      RETURNING name, price_cents
    )
    INSERT INTO orders (id, product_id, user_id, item_name, quantity, unit_price_cents, total_cents, email, user_name,
      phone, address, paid_at, transaction_id, created_at)
    SELECT ${order.id}, ${order.product_id}, ${order.user_id}, name, ${q}::integer, price_cents,
      price_cents * ${q}, ${order.email}, ${order.user_name}, ${order.phone}, ${order.address}, NULL, NULL,
      ${order.created_at}
    FROM reserved
    RETURNING *`.execute(db);
  return rows[0];
}

interface ReservedProduct {
  name: string;
  price_cents: number;
}

function isReservedProduct(row: unknown): row is ReservedProduct {
  return (
    typeof row === 'object' &&
    row !== null &&
    'name' in row &&
    typeof row.name === 'string' &&
    'price_cents' in row &&
    typeof row.price_cents === 'number'
  );
}

type OrderWriter = (order: PendingOrder) => OrderRow | undefined;
const sqliteOrderWriters = new WeakMap<SqliteHandle, OrderWriter>();

/** The SQLite form, built once per database: better-sqlite3 wraps it in BEGIN/COMMIT and rolls back on a throw. */
function sqliteOrderWriter(handle: SqliteHandle): OrderWriter {
  const known = sqliteOrderWriters.get(handle);
  if (known) return known;
  const reserve = handle.prepare(
    `UPDATE products SET available_quantity = available_quantity - @quantity
     WHERE id = @product_id AND available_quantity >= @quantity AND min_quantity <= @quantity
     RETURNING name, price_cents`,
  );
  const insert = handle.prepare(
    `INSERT INTO orders (id, product_id, user_id, item_name, quantity, unit_price_cents, total_cents, email, user_name,
       phone, address, paid_at, transaction_id, created_at)
     VALUES (@id, @product_id, @user_id, @item_name, @quantity, @unit_price_cents, @total_cents, @email, @user_name,
       @phone, @address, @paid_at, @transaction_id, @created_at)`,
  );
  const writer = handle.database.transaction((order: PendingOrder): OrderRow | undefined => {
    const product: unknown = reserve.get({ quantity: order.quantity, product_id: order.product_id });
    if (!isReservedProduct(product)) return undefined;
    const row: OrderRow = {
      ...order,
      item_name: product.name,
      unit_price_cents: product.price_cents,
      total_cents: product.price_cents * order.quantity,
      paid_at: null,
      transaction_id: null,
    };
    insert.run(row);
    return row;
  });
  sqliteOrderWriters.set(handle, writer);
  return writer;
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
