// The cart's line limit (B2B §3, §16): a cart holds at most MAX_ORDER_LINES lines. Every add (by SKU, quick order,
// reorder, a requisition list's to-cart) comes here, and the count is taken inside the transaction that inserts, after
// the owner's row is locked (PostgreSQL; SQLite runs one write transaction at a time), so two adds at once cannot
// together pass the limit: the later one counts the earlier one's committed lines.
import { MAX_ORDER_LINES, MAX_QUANTITY, orderingMessages } from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { AppError } from '../../infra/errors.js';
import { lockUserRow } from '../accounts/index.js';
import * as repo from './repository.js';

/** The cart lists lines in the order they were added: lines added together are a millisecond apart. */
export const stamp = (now: number, i: number) => new Date(now + i).toISOString();

/**
 * Adds whole lines (product id and quantity, quantities of one product summed) to `userId`'s cart, all or none: 409
 * cart_full when the cart would pass its line limit, 400 quantity_too_large when a line would pass MAX_QUANTITY.
 */
export async function addWithinLimit(
  db: Db,
  userId: string,
  lines: ReadonlyArray<{ productId: string; quantity: number }>,
): Promise<void> {
  const merged = new Map<string, number>();
  for (const line of lines) merged.set(line.productId, (merged.get(line.productId) ?? 0) + line.quantity);
  const tooLarge = () => new AppError(400, 'quantity_too_large', orderingMessages.cartLineTooLarge);
  if ([...merged.values()].some((quantity) => quantity > MAX_QUANTITY)) throw tooLarge();
  if (merged.size === 0) return;
  await db.transaction().execute(async (trx) => {
    await lockUserRow(trx, userId);
    const after = new Set([...(await repo.cartProductIds(trx, userId)), ...merged.keys()]);
    if (after.size > MAX_ORDER_LINES) {
      throw new AppError(409, 'cart_full', `A cart holds at most ${MAX_ORDER_LINES} lines`);
    }
    const now = Date.now();
    const rows = [...merged].map(([productId, quantity], i) => ({
      user_id: userId,
      product_id: productId,
      quantity,
      added_at: stamp(now, i),
    }));
    // Thrown inside the transaction, so a line past MAX_QUANTITY leaves the whole add undone.
    if (!(await repo.addToCart(trx, rows, MAX_QUANTITY))) throw tooLarge();
  });
}

/**
 * A checkout places at most MAX_ORDER_LINES lines. Adds keep the cart within it, but a refused checkout's restore does
 * not (repository.ts restoreCart), so the checkout says how many lines to remove rather than placing a longer order.
 */
export function checkoutLinesProblem(lineCount: number): AppError | null {
  if (lineCount <= MAX_ORDER_LINES) return null;
  const extra = lineCount - MAX_ORDER_LINES;
  return new AppError(
    409,
    'cart_full',
    `An order holds at most ${MAX_ORDER_LINES} lines: remove ${extra} ${extra === 1 ? 'line' : 'lines'} from the cart`,
  );
}
