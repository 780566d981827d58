// SQL of the server-side carts: one line per user and product.
import type { Selectable } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { CartLinesTable } from '../../infra/db/schema.js';
import { codeOrder } from '../../infra/code-order.js';

export type CartLineRow = Selectable<CartLinesTable>;

export function cartOf(db: Db, userId: string): Promise<CartLineRow[]> {
  return db
    .selectFrom('cart_lines')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('added_at')
    .orderBy('product_id')
    .execute();
}

/** Replaces the user's cart with these lines, in one transaction. */
export async function replaceCart(db: Db, userId: string, lines: CartLineRow[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('cart_lines').where('user_id', '=', userId).execute();
    if (lines.length > 0) await trx.insertInto('cart_lines').values(lines).execute();
  });
}

/** The products in the user's cart. */
export async function cartProductIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('cart_lines').select('product_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.product_id);
}

/**
 * Adds quantities to the user's cart: a product already there gets the quantities added up, unless that would pass
 * `max`. One statement whose condition sees the row as it is (two adds at once cannot pass it together); answers false
 * when a line would have passed `max`, and the caller's transaction then rolls back so nothing is added.
 */
export async function addToCart(trx: Db, lines: CartLineRow[], max: number): Promise<boolean> {
  if (lines.length === 0) return true;
  const result = await trx
    .insertInto('cart_lines')
    .values(lines)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'product_id'])
        .doUpdateSet((eb) => ({ quantity: eb('cart_lines.quantity', '+', eb.ref('excluded.quantity')) }))
        .where((eb) => eb(eb('cart_lines.quantity', '+', eb.ref('excluded.quantity')), '<=', max)),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === lines.length;
}

/**
 * Empties the user's cart and answers what it held, in the cart's order, in one statement: of two checkouts of the
 * same cart at once, only one gets its lines.
 */
export async function takeCart(db: Db, userId: string): Promise<CartLineRow[]> {
  const rows = await db.deleteFrom('cart_lines').where('user_id', '=', userId).returningAll().execute();
  return rows.sort((a, b) => codeOrder(a.added_at, b.added_at) || codeOrder(a.product_id, b.product_id));
}

/**
 * Puts taken lines back (their checkout failed); a line the user has added again since is kept as it now is. It does
 * not go through the cart's line limit on purpose: lines added in another tab while the checkout ran may then make the
 * cart pass 100 lines, which the next checkout refuses by name and the buyer trims, where a limit here would drop
 * lines the buyer chose without saying so.
 */
export async function restoreCart(db: Db, lines: CartLineRow[]): Promise<void> {
  if (lines.length === 0) return;
  await db
    .insertInto('cart_lines')
    .values(lines)
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .execute();
}
