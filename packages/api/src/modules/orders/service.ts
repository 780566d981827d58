// Orders: the rules of an order (the quantity range, the total) and who may see or delete one. The stock is taken
// and the order recorded in one atomic step (repository.ts); the catalogue hears of every stock move.
import { packMessage, quantityProblem, unitPriceCents, type Order } from '@kestrel/shared';
import type { Transaction } from 'kysely';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import type { Database } from '../../infra/db/schema.js';
import { newId } from '../../infra/db/ids.js';
import { AppError, notFound } from '../../infra/errors.js';
import { centsToDollars } from '../../infra/money.js';
import type { AccountsService, AuthUser } from '../accounts/index.js';
import { orderTermsOf, type CatalogService } from '../catalog/index.js';
import * as repo from './repository.js';

export type OrderRow = repo.OrderRow;

export function toOrder(row: repo.OrderRow): Order {
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

/**
 * The rule of an order line (docs/product.md §5, B2B §2): the quantity lies between the product's minimum and the
 * smaller of its stock at that instant and its maximum, in whole packs; the unit price is the price break that
 * applies, else the base price. Throws the refusal the buyer sees.
 */
export function decideUnitPrice(product: repo.ProductTerms | undefined, quantity: number): number {
  if (!product) throw notFound('Product');
  const terms = orderTermsOf(product);
  const problem = quantityProblem(terms, quantity);
  if (problem) {
    const code = problem === packMessage(terms.packSize) ? 'quantity_not_in_packs' : 'quantity_out_of_range';
    throw new AppError(400, code, problem);
  }
  return unitPriceCents(terms, quantity);
}

export interface OrdersService {
  placeOrder(user: AuthUser, input: NewOrder): Promise<Order>;
  listAllOrders(): Promise<Order[]>;
  /** Your own orders; admins may read anyone's (an unknown e-mail has none). */
  listOrdersByEmail(caller: AuthUser, email: string): Promise<Order[]>;
  /** An order its owner or an admin may see; to anyone else it does not exist (404, so ids do not leak). */
  getVisibleOrder(user: AuthUser, id: string): Promise<OrderRow>;
  /** The caller's own order; to anyone else, admins included, it does not exist (paying, deleting). */
  getOwnOrder(user: AuthUser, id: string): Promise<OrderRow>;
  findOrder(id: string): Promise<OrderRow | undefined>;
  /** Deletes the caller's own unpaid order and gives its stock back, atomically. */
  deleteOrder(user: AuthUser, id: string): Promise<number>;
  /**
   * Marks an unpaid order paid and, in the same transaction, lets the caller record why (the payments module's own
   * row); answers whether this call did it (paying twice changes nothing).
   */
  markPaid(
    id: string,
    transactionId: string,
    at: string,
    record: (trx: Transaction<Database>) => Promise<void>,
  ): Promise<boolean>;
}

/** The one ownership rule: an order is its buyer's; to anyone else it does not exist (404, so ids do not leak). */
function ownedBy(row: OrderRow | undefined, user: AuthUser, { adminsToo = false } = {}): OrderRow {
  if (!row || (row.user_id !== user.id && !(adminsToo && user.role === 'admin'))) throw notFound('Order');
  return row;
}

export interface OrdersDeps {
  database: OpenDatabase;
  catalog: Pick<CatalogService, 'stockMoved'>;
  accounts: Pick<AccountsService, 'findUserIdByEmail' | 'requireOwnEmail'>;
}

export function createOrdersService({ database, catalog, accounts }: OrdersDeps): OrdersService {
  const { db } = database;
  const writeOrder = repo.createOrderWriter(database);

  /** Every write that moves stock goes through here, so the catalogue always hears of it. */
  async function movingStock<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      catalog.stockMoved();
    }
  }

  return {
    async placeOrder(user, input) {
      const now = Date.now();
      const pending: repo.PendingOrder = {
        id: newId(now),
        product_id: input.productId,
        user_id: user.id,
        quantity: input.inputQuantity,
        email: user.email,
        user_name: user.name,
        phone: input.phone,
        address: input.address,
        created_at: new Date(now).toISOString(),
      };
      const row = await movingStock(() =>
        writeOrder(pending, (product) => decideUnitPrice(product, input.inputQuantity)),
      );
      return toOrder(row);
    },

    async listAllOrders() {
      return (await repo.listAllOrders(db)).map(toOrder);
    },

    async listOrdersByEmail(caller, email) {
      if (caller.role !== 'admin') accounts.requireOwnEmail(caller, email);
      const userId = email === caller.email ? caller.id : await accounts.findUserIdByEmail(email);
      return userId ? (await repo.listOrdersOfUser(db, userId)).map(toOrder) : [];
    },

    async getVisibleOrder(user, id) {
      return ownedBy(await repo.findOrder(db, id), user, { adminsToo: true });
    },

    async getOwnOrder(user, id) {
      return ownedBy(await repo.findOrder(db, id), user);
    },

    findOrder: (id) => repo.findOrder(db, id),

    deleteOrder(user, id) {
      const paid = () => new AppError(409, 'order_paid', 'A paid order cannot be deleted');
      return movingStock(() =>
        db.transaction().execute(async (trx) => {
          const row = ownedBy(await repo.findOrder(trx, id), user);
          if (row.paid_at !== null) throw paid();
          const deleted = await repo.deleteUnpaidOrder(trx, id);
          // Another request got there between our read and our delete: it was paid or deleted meanwhile.
          if (deleted === 0) {
            if ((await repo.findOrder(trx, id))?.paid_at) throw paid();
            throw notFound('Order');
          }
          if (row.product_id) await repo.releaseStock(trx, row.product_id, row.quantity);
          return deleted;
        }),
      );
    },

    markPaid(id, transactionId, at, record) {
      return db.transaction().execute(async (trx) => {
        const marked = await repo.markOrderPaid(trx, id, transactionId, at);
        if (marked) await record(trx);
        return marked;
      });
    },
  };
}
