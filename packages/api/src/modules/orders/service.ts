// Orders: the rules of an order (each line's quantity and price, the open-order limit) and who may see, pay or delete
// one. The stock is taken and the order recorded in one atomic step (order-write-repository.ts); the catalogue hears
// of every stock move.
import {
  orderingMessages,
  packMessage,
  quantityProblem,
  unitPriceCents,
  type Order,
  type OrderStatus,
} from '@kestrel/shared';
import type { Transaction } from 'kysely';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import { newId } from '../../infra/db/ids.js';
import type { Database } from '../../infra/db/schema.js';
import { AppError, notFound } from '../../infra/errors.js';
import { centsToDollars } from '../../infra/money.js';
import type { AccountsService, AuthUser } from '../accounts/index.js';
import { orderTermsOf, type CatalogService } from '../catalog/index.js';
import { createOrderWriter, type LineRequest, type PendingOrder, type ProductTerms } from './order-write-repository.js';
import * as repo from './repository.js';

export type OrderRow = repo.OrderRow;
export type { LineRequest } from './order-write-repository.js';

interface HistoryStep {
  status: OrderStatus;
  at: string;
}

function parseHistory(json: string): HistoryStep[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed : [];
}

export function toOrder(row: OrderRow, lines: repo.OrderLineRow[]): Order {
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
    lines: lines.map((l) => ({
      productId: l.product_id,
      sku: l.sku,
      name: l.name,
      quantity: l.quantity,
      unitPrice: centsToDollars(l.unit_price_cents),
      lineTotal: centsToDollars(l.line_total_cents),
    })),
    poNumber: row.po_number,
    note: row.note,
    status: row.status,
    statusHistory: parseHistory(row.status_history),
    paymentTerms: row.payment_terms,
    dueDate: row.due_date,
    expiresAt: row.expires_at,
    carrier: row.carrier,
    trackingNumber: row.tracking_number,
    invoiceNumber: row.invoice_number,
    companyId: row.company_id,
  };
}

/** A refusal of one line: the buyer sees why, by the line's position in what they sent. */
export interface LineProblem {
  index: number;
  productId: string;
  message: string;
  code: 'not_found' | 'quantity_out_of_range' | 'quantity_not_in_packs';
}

/**
 * The rule of an order line (docs/product.md §5, B2B §2): the quantity lies between the product's minimum and the
 * smaller of its stock at that instant and its maximum, in whole packs; the unit price is the price break that
 * applies, else the base price. Answers the unit price in cents, or the problem.
 */
export function judgeLine(
  product: ProductTerms | undefined,
  quantity: number,
): number | Omit<LineProblem, 'index' | 'productId'> {
  if (!product) return { code: 'not_found', message: orderingMessages.productNotFound };
  const terms = orderTermsOf(product);
  const problem = quantityProblem(terms, quantity);
  if (problem) {
    return {
      code: problem === packMessage(terms.packSize) ? 'quantity_not_in_packs' : 'quantity_out_of_range',
      message: problem,
    };
  }
  return unitPriceCents(terms, quantity);
}

/** Thrown by a decision that refused lines: every bad line, so the buyer can mend them all at once. */
export class LinesRefused extends AppError {
  constructor(readonly problems: LineProblem[]) {
    super(400, 'order_lines_invalid', orderingMessages.linesInvalid, {
      lines: problems.map(({ index, productId, message }) => ({ index, productId, message })),
    });
  }
}

export interface OrderDetails {
  phone: string;
  address: string;
  poNumber?: string | undefined;
  note?: string | undefined;
  paymentTerms?: 'card' | 'account' | undefined;
}

export interface NewOrder {
  productId: string;
  inputQuantity: number;
  phone: string;
  address: string;
}

export interface OrdersService {
  /** SPEC's one-product order: refusals answer as they always have (404 product, 400 with the range message). */
  placeOrder(user: AuthUser, input: NewOrder): Promise<Order>;
  /** An order of 1-100 lines, all or none; a refusal names every bad line (400 order_lines_invalid). */
  createOrder(user: AuthUser, lines: LineRequest[], details: OrderDetails): Promise<Order>;
  listAllOrders(): Promise<Order[]>;
  /** Your own orders; admins may read anyone's (an unknown e-mail has none). */
  listOrdersByEmail(caller: AuthUser, email: string): Promise<Order[]>;
  /** An order its owner or an admin may see; to anyone else it does not exist (404, so ids do not leak). */
  getVisibleOrder(user: AuthUser, id: string): Promise<Order>;
  /** The caller's own order row; to anyone else, admins included, it does not exist (paying, reordering). */
  getOwnOrder(user: AuthUser, id: string): Promise<OrderRow>;
  linesOf(orderId: string): Promise<repo.OrderLineRow[]>;
  findOrder(id: string): Promise<OrderRow | undefined>;
  toAnswer(row: OrderRow): Promise<Order>;
  /** Deletes the caller's own unpaid order and gives its stock back, atomically. */
  deleteOrder(user: AuthUser, id: string): Promise<number>;
  /**
   * Marks an unpaid order paid and confirmed and, in the same transaction, lets the caller record why (the payments
   * module's own row); answers whether this call did it (paying twice changes nothing).
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
  /** MAX_OPEN_ORDERS: how many unpaid orders one buyer may hold. */
  maxOpenOrders: number;
}

export function createOrdersService({ database, catalog, accounts, maxOpenOrders }: OrdersDeps): OrdersService {
  const { db } = database;
  const writeOrder = createOrderWriter(database, maxOpenOrders, orderingMessages.tooManyUnpaid);

  /** Every write that moves stock goes through here, so the catalogue always hears of it. */
  async function movingStock<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      catalog.stockMoved();
    }
  }

  async function withLines(rows: OrderRow[], lines: Promise<repo.OrderLineRow[]>): Promise<Order[]> {
    const byOrder = new Map<string, repo.OrderLineRow[]>();
    for (const line of await lines) {
      const list = byOrder.get(line.order_id) ?? [];
      list.push(line);
      byOrder.set(line.order_id, list);
    }
    return rows.map((row) => toOrder(row, byOrder.get(row.id) ?? []));
  }

  async function place(user: AuthUser, lines: LineRequest[], details: OrderDetails): Promise<Order> {
    if (details.paymentTerms === 'account')
      throw new AppError(409, 'no_account_terms', orderingMessages.noAccountTerms);
    const now = Date.now();
    const pending: PendingOrder = {
      id: newId(now),
      user_id: user.id,
      email: user.email,
      user_name: user.name,
      phone: details.phone,
      address: details.address,
      created_at: new Date(now).toISOString(),
      po_number: details.poNumber ?? null,
      note: details.note ?? null,
      payment_terms: 'card',
    };
    const placed = await movingStock(() =>
      writeOrder(pending, lines, (products) => {
        const problems: LineProblem[] = [];
        const units = lines.map((line, index) => {
          const verdict = judgeLine(products[index], line.quantity);
          if (typeof verdict === 'number') return verdict;
          problems.push({ index, productId: line.productId, ...verdict });
          return 0;
        });
        if (problems.length > 0) throw new LinesRefused(problems);
        return units;
      }),
    );
    return toOrder(placed.order, placed.lines);
  }

  const service: OrdersService = {
    async placeOrder(user, input) {
      try {
        return await place(user, [{ productId: input.productId, quantity: input.inputQuantity }], input);
      } catch (error) {
        const [problem] = error instanceof LinesRefused ? error.problems : [];
        if (!problem) throw error;
        if (problem.code === 'not_found') throw notFound('Product');
        throw new AppError(400, problem.code, problem.message);
      }
    },

    createOrder: (user, lines, details) => place(user, lines, details),

    async listAllOrders() {
      return withLines(await repo.listAllOrders(db), repo.linesOfOrdersOf(db, null));
    },

    async listOrdersByEmail(caller, email) {
      if (caller.role !== 'admin') accounts.requireOwnEmail(caller, email);
      const userId = email === caller.email ? caller.id : await accounts.findUserIdByEmail(email);
      if (!userId) return [];
      return withLines(await repo.listOrdersOfUser(db, userId), repo.linesOfOrdersOf(db, userId));
    },

    async getVisibleOrder(user, id) {
      return service.toAnswer(ownedBy(await repo.findOrder(db, id), user, { adminsToo: true }));
    },

    async getOwnOrder(user, id) {
      return ownedBy(await repo.findOrder(db, id), user);
    },

    linesOf: (orderId) => repo.linesOfOrders(db, [orderId]),
    findOrder: (id) => repo.findOrder(db, id),
    toAnswer: async (row) => toOrder(row, await repo.linesOfOrders(db, [row.id])),

    deleteOrder(user, id) {
      const paid = () => new AppError(409, 'order_paid', 'A paid order cannot be deleted');
      return movingStock(() =>
        db.transaction().execute(async (trx) => {
          const row = ownedBy(await repo.findOrder(trx, id), user);
          if (row.paid_at !== null) throw paid();
          const lines = await repo.linesOfOrders(trx, [id]);
          const deleted = await repo.deleteUnpaidOrder(trx, id);
          // Another request got there between our read and our delete: it was paid or deleted meanwhile.
          if (deleted === 0) {
            if ((await repo.findOrder(trx, id))?.paid_at) throw paid();
            throw notFound('Order');
          }
          // In product id order, as orders lock them, so a deletion and an order never wait on each other in a cycle.
          const byProduct = lines
            .filter((l) => l.product_id !== null)
            .sort((a, b) => String(a.product_id).localeCompare(String(b.product_id)));
          for (const line of byProduct)
            if (line.product_id) await repo.releaseStock(trx, line.product_id, line.quantity);
          await repo.uncountOpenOrder(trx, row.user_id);
          return deleted;
        }),
      );
    },

    markPaid(id, transactionId, at, record) {
      return db.transaction().execute(async (trx) => {
        const row = await repo.findOrder(trx, id);
        if (!row || row.paid_at !== null) return false;
        const history = JSON.stringify([...parseHistory(row.status_history), { status: 'confirmed', at }]);
        const marked = await repo.markOrderPaid(trx, id, transactionId, at, history);
        if (marked) {
          await repo.uncountOpenOrder(trx, row.user_id);
          await record(trx);
        }
        return marked;
      });
    },
  };
  return service;
}
