// Orders: the server computes the total, checks the quantity range, and reserves stock in the same transaction.
import { orderRangeMessage, type Order } from '@kestrel/shared';
import type { Db } from '../db/create-db.js';
import { newId } from '../db/ids.js';
import { AppError, notFound } from '../errors.js';
import * as orders from '../repositories/orders.js';
import { findProduct, releaseStock } from '../repositories/products.js';
import { findUserByEmail } from '../repositories/users.js';
import { invalidateLists } from './list-cache.js';
import { centsToDollars } from './money.js';
import type { AuthUser } from './sessions.js';
import { requireOwnEmail } from './users.js';

export function toOrder(row: orders.OrderRow): Order {
  return {
    _id: row.id,
    productId: row.product_id,
    itemName: row.item_name,
    inputQuantity: row.quantity,
    quantity: row.quantity,
    email: row.email,
    userName: row.user_name,
    phone: row.phone,
    address: row.address,
    price: centsToDollars(row.total_cents),
    paid: row.paid_at !== null,
    transactionId: row.transaction_id,
    createdAt: row.created_at,
  };
}

export interface NewOrder {
  productId: string;
  inputQuantity: number;
  phone: string;
  address: string;
}

/** Places an order: the stock is taken and the order recorded in one atomic step (repositories/orders.ts). */
export async function placeOrder(db: Db, user: AuthUser, input: NewOrder): Promise<Order> {
  const now = Date.now();
  // The stock shown by GET /service changes with the order: the cached lists go (services/list-cache.ts).
  const row = await orders
    .insertOrderTakingStock(db, {
      id: newId(now),
      product_id: input.productId,
      user_id: user.id,
      quantity: input.inputQuantity,
      email: user.email,
      user_name: user.name,
      phone: input.phone,
      address: input.address,
      created_at: new Date(now).toISOString(),
    })
    .finally(() => invalidateLists(db));
  if (row) return toOrder(row);
  // The reservation refused: say why from the product as it is now.
  const product = await findProduct(db, input.productId);
  if (!product) throw notFound('Product');
  throw new AppError(400, 'quantity_out_of_range', orderRangeMessage(product.min_quantity, product.available_quantity));
}

export async function listAllOrders(db: Db): Promise<Order[]> {
  return (await orders.listAllOrders(db)).map(toOrder);
}

/** GET /orders?email=: your own orders; admins may read anyone's (an unknown e-mail has none). */
export async function listOrdersByEmail(db: Db, caller: AuthUser, email: string): Promise<Order[]> {
  if (caller.role !== 'admin') requireOwnEmail(caller, email);
  const userId = email === caller.email ? caller.id : (await findUserByEmail(db, email))?.id;
  return userId ? (await orders.listOrdersOfUser(db, userId)).map(toOrder) : [];
}

/** An order its owner or an admin may see; to anyone else it does not exist (404, so ids do not leak). */
export async function getVisibleOrder(db: Db, user: AuthUser, id: string): Promise<orders.OrderRow> {
  const row = await orders.findOrder(db, id);
  if (!row || (row.user_id !== user.id && user.role !== 'admin')) throw notFound('Order');
  return row;
}

/** Deletes the caller's own unpaid order and gives its stock back, atomically. */
export async function deleteOrder(db: Db, user: AuthUser, id: string): Promise<number> {
  return db
    .transaction()
    .execute(async (trx) => {
      const row = await orders.findOrder(trx, id);
      if (!row || row.user_id !== user.id) throw notFound('Order');
      if (row.paid_at !== null) throw new AppError(409, 'order_paid', 'A paid order cannot be deleted');
      const deleted = await orders.deleteUnpaidOrder(trx, id);
      // Another request got there between our read and our delete: it was paid or deleted meanwhile.
      if (deleted === 0) {
        if ((await orders.findOrder(trx, id))?.paid_at)
          throw new AppError(409, 'order_paid', 'A paid order cannot be deleted');
        throw notFound('Order');
      }
      if (row.product_id) await releaseStock(trx, row.product_id, row.quantity);
      return deleted;
    })
    .finally(() => invalidateLists(db));
}
