// Which lines may go into a cart as they are asked (B2B §3, issue #47): a line the checkout would refuse whatever the
// stock does (an unknown SKU, a quantity that is not a whole number, past MAX_QUANTITY, below the product's minimum,
// above its maximum, not whole packs) stays out, named with its reason, so quick order never reports as added what
// the checkout then refuses. Requisition lists (B2B §16) judge their lines by SKU with the same function.
import { cartAddProblem, MAX_QUANTITY, orderingMessages, type CartWithRejected } from '@kestrel/shared';
import type { CatalogItem, CatalogService } from '../catalog/index.js';

export type Rejected = CartWithRejected['rejected'];

const isWholeQuantity = (q: unknown): q is number => typeof q === 'number' && Number.isInteger(q) && q >= 1;

/** Why a whole quantity of this product may not be added, or null. */
export const addProblem = (item: CatalogItem, quantity: number): string | null =>
  quantity > MAX_QUANTITY ? orderingMessages.quantityTooLarge : cartAddProblem(item.terms, quantity);

export interface JudgedSkuLines {
  /** In the order asked, with the product's current SKU and name. */
  accepted: Array<{ productId: string; sku: string; name: string; quantity: number }>;
  /** By the line's index in the request, with the SKU as sent. */
  rejected: Rejected;
}

export async function judgeSkuLines(
  catalog: Pick<CatalogService, 'itemsBySkus'>,
  lines: ReadonlyArray<{ sku: string; quantity: unknown }>,
): Promise<JudgedSkuLines> {
  const skus = lines.map((l) => l.sku.trim().toUpperCase());
  const items = await catalog.itemsBySkus(skus);
  const judged: JudgedSkuLines = { accepted: [], rejected: [] };
  for (const [index, line] of lines.entries()) {
    const item = items.get(skus[index] ?? '');
    const refuse = (message: string) => judged.rejected.push({ index, sku: line.sku, message });
    if (!item) refuse(orderingMessages.unknownSku);
    else if (!isWholeQuantity(line.quantity)) refuse(orderingMessages.wholeQuantity);
    else {
      const problem = addProblem(item, line.quantity);
      if (problem) refuse(problem);
      else judged.accepted.push({ productId: item.id, sku: item.sku, name: item.name, quantity: line.quantity });
    }
  }
  return judged;
}
