// SQL of the orders table.
import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../db/create-db.js';
import type { Database, OrdersTable } from '../db/schema.js';

export type OrderRow = Selectable<OrdersTable>;
type Executor = Db | Transaction<Database>;

export function listAllOrders(db: Db): Promise<OrderRow[]> {
  return db.selectFrom('orders').selectAll().orderBy('id', 'asc').execute();
}

export function listOrdersOfUser(db: Db, userId: string): Promise<OrderRow[]> {
  return db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id', 'asc').execute();
}

export function findOrder(db: Executor, id: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertOrder(db: Executor, row: OrderRow): Promise<void> {
  await db.insertInto('orders').values(row).execute();
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
