// The cart (B2B §3): each signed-in user's one server-side cart, priced now with the same rules as an order; it
// reserves nothing. Checkout and reorder go through the orders module's public entry.
import {
  orderingMessages,
  type Cart,
  type CartTotals,
  type CartWithRejected,
  type Order,
  type ShipToChoice,
} from '@kestrel/shared';
import { dollarsToCents } from '../../infra/money.js';
import type { Db } from '../../infra/db/create-db.js';
import { AppError } from '../../infra/errors.js';
import type { AuthUser } from '../accounts/index.js';
import type { CatalogService } from '../catalog/index.js';
import type { ContractPricesService } from '../contract-prices/index.js';
import type { LineRequest, OrderDetails, OrdersService } from '../orders/index.js';
import { addWithinLimit, checkoutLinesProblem, stamp } from './cart-limit.js';
import { addProblem, judgeSkuLines, type Rejected } from './judge-lines.js';
import { createLinePricer, type LinePricer } from './price-lines.js';
import * as repo from './repository.js';

export interface CartService {
  getCart(user: AuthUser): Promise<Cart>;
  /** Replaces the cart; every product must exist (400 naming the first that does not). */
  putCart(user: AuthUser, lines: Array<{ productId: string; quantity: number }>): Promise<Cart>;
  /**
   * Adds lines by SKU; lines with an unknown SKU, a quantity that is not a positive whole number, or one the product's
   * own terms refuse (below its minimum, above its maximum, not whole packs: cartAddProblem) are rejected.
   */
  addLines(user: AuthUser, lines: Array<{ sku: string; quantity: unknown }>): Promise<CartWithRejected>;
  /** Lines priced now for this reader, as the cart prices its own (requisition lists read them so, B2B §16). */
  price: LinePricer;
  /**
   * Adds lines of known products (a requisition list's, B2B §16), judged as quick order's are: a deleted product or a
   * quantity the product's terms refuse comes back rejected under the caller's index and SKU; the rest go in, or
   * nothing does when the cart would pass its line limit (409 cart_full).
   */
  addProducts(
    user: AuthUser,
    lines: ReadonlyArray<{ index: number; sku: string; productId: string; quantity: number }>,
  ): Promise<CartWithRejected>;
  /** One order from the whole cart, which then no longer holds the ordered lines. */
  checkout(user: AuthUser, details: OrderDetails): Promise<Order>;
  /**
   * Takes the whole cart for `use` (a checkout, a quote request, B2B §10): the cart no longer holds the lines, and they
   * go back if `use` throws. An empty cart answers 400 'cart_empty'.
   */
  spend<T>(user: AuthUser, use: (lines: LineRequest[]) => Promise<T>): Promise<T>;
  /** B2B §13: the cart priced as its order would be, with the tax to `shipTo` (the checkout shows it first). */
  totals(user: AuthUser, shipTo: ShipToChoice | undefined): Promise<CartTotals>;
  /** The lines of one of the caller's orders, added to the cart at today's prices. */
  reorder(user: AuthUser, orderId: string): Promise<CartWithRejected>;
}

export interface CartDeps {
  db: Db;
  catalog: Pick<CatalogService, 'itemsByIds' | 'itemsBySkus'>;
  orders: Pick<OrdersService, 'createOrder' | 'getOwnOrder' | 'linesOf' | 'totalsOf'>;
  /** Contract prices (B2B §5): the cart is priced as the order will be. */
  contractPrices?: Pick<ContractPricesService, 'forOrder'>;
}

export function createCartService({ db, catalog, orders, contractPrices }: CartDeps): CartService {
  const price = createLinePricer(catalog, contractPrices);

  async function priced(userId: string): Promise<Cart> {
    const rows = await repo.cartOf(db, userId);
    const { lines, total } = await price(
      userId,
      rows.map((r) => ({ productId: r.product_id, quantity: r.quantity })),
    );
    return { lines: lines.filter((line) => line !== null), total };
  }

  /** Every add goes through the cart's line limit, decided under the owner's lock (cart-limit.ts). */
  const add = (user: AuthUser, lines: Array<{ productId: string; quantity: number }>) =>
    addWithinLimit(db, user.id, lines);

  async function spend<T>(user: AuthUser, use: (lines: LineRequest[]) => Promise<T>): Promise<T> {
    // The lines are taken out first, so a second checkout of the same cart (a double click) finds it empty; a
    // refused order (or quote request) puts them back as they were.
    const rows = await repo.takeCart(db, user.id);
    if (rows.length === 0) throw new AppError(400, 'cart_empty', orderingMessages.cartEmpty);
    const tooMany = checkoutLinesProblem(rows.length);
    if (tooMany) {
      await repo.restoreCart(db, rows);
      throw tooMany;
    }
    try {
      return await use(rows.map((r) => ({ productId: r.product_id, quantity: r.quantity })));
    } catch (error) {
      await repo.restoreCart(db, rows);
      throw error;
    }
  }

  return {
    getCart: (user) => priced(user.id),

    async putCart(user, lines) {
      const items = await catalog.itemsByIds(lines.map((l) => l.productId));
      const missing = lines.findIndex((l) => !items.has(l.productId));
      if (missing >= 0) {
        throw new AppError(400, 'validation_error', `lines[${missing}]: ${orderingMessages.productNotFound}`);
      }
      const now = Date.now();
      await repo.replaceCart(
        db,
        user.id,
        lines.map((l, i) => ({
          user_id: user.id,
          product_id: l.productId,
          quantity: l.quantity,
          added_at: stamp(now, i),
        })),
      );
      return priced(user.id);
    },

    async addLines(user, lines) {
      const { accepted, rejected } = await judgeSkuLines(catalog, lines);
      await add(user, accepted);
      return { ...(await priced(user.id)), rejected };
    },

    price,

    async addProducts(user, lines) {
      const items = await catalog.itemsByIds(lines.map((l) => l.productId));
      const rejected: Rejected = [];
      const accepted: Array<{ productId: string; quantity: number }> = [];
      for (const line of lines) {
        const item = items.get(line.productId);
        const problem = item ? addProblem(item, line.quantity) : orderingMessages.productNotFound;
        if (problem) rejected.push({ index: line.index, sku: line.sku, message: problem });
        else accepted.push({ productId: line.productId, quantity: line.quantity });
      }
      await add(user, accepted);
      return { ...(await priced(user.id)), rejected };
    },

    async totals(user, shipTo) {
      const { total } = await priced(user.id);
      return orders.totalsOf(user, dollarsToCents(total), shipTo);
    },

    checkout: (user, details) => spend(user, (lines) => orders.createOrder(user, lines, details)),

    spend,

    async reorder(user, orderId) {
      const order = await orders.getOwnOrder(user, orderId);
      const lines = await orders.linesOf(order.id);
      const items = await catalog.itemsByIds(lines.flatMap((l) => (l.product_id ? [l.product_id] : [])));
      const rejected: Rejected = [];
      const accepted: Array<{ productId: string; quantity: number }> = [];
      lines.forEach((line, index) => {
        if (line.product_id && items.has(line.product_id))
          accepted.push({ productId: line.product_id, quantity: line.quantity });
        else rejected.push({ index, sku: line.sku, message: orderingMessages.productNotFound });
      });
      await add(user, accepted);
      return { ...(await priced(user.id)), rejected };
    },
  };
}
