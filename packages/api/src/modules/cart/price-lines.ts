// Lines priced now for the reader (B2B §2, §5): the one pricing of the cart, which requisition lists (B2B §16) read
// through the cart's public entry, so a list and the cart it fills never disagree about a price or a problem.
import { quantityProblem, unitPriceCents, type CartLine } from '@kestrel/shared';
import { centsToDollars, sumCents } from '../../infra/money.js';
import type { CatalogService } from '../catalog/index.js';
import type { ContractPricesService } from '../contract-prices/index.js';

export interface PricedLines {
  /** One per line asked, in its order; null where the product no longer exists. */
  lines: Array<CartLine | null>;
  /** Dollars: the lines that can be ordered as they stand (no problem). */
  total: number;
}

export type LinePricer = (
  userId: string,
  rows: ReadonlyArray<{ productId: string; quantity: number }>,
) => Promise<PricedLines>;

export function createLinePricer(
  catalog: Pick<CatalogService, 'itemsByIds'>,
  contractPrices: Pick<ContractPricesService, 'forOrder'> | undefined,
): LinePricer {
  return async (userId, rows) => {
    const ids = rows.map((r) => r.productId);
    const [items, contract] = await Promise.all([catalog.itemsByIds(ids), contractPrices?.forOrder(userId, ids)]);
    const lineCents: number[] = [];
    const lines = rows.map((row): CartLine | null => {
      const item = items.get(row.productId);
      if (!item) return null;
      const contractCents = contract?.get(row.productId);
      const unit = unitPriceCents(item.terms, row.quantity, contractCents);
      const problem = quantityProblem(item.terms, row.quantity);
      // The total is what could be ordered now (B2B §11): a line that cannot be ordered as it stands adds nothing.
      if (problem === null) lineCents.push(unit * row.quantity);
      return {
        productId: item.id,
        sku: item.sku,
        name: item.name,
        quantity: row.quantity,
        unitPrice: centsToDollars(unit),
        lineTotal: centsToDollars(unit * row.quantity),
        problem,
        // A member's contract price beside the list price (B2B §5); other lines stay as they were.
        ...(contractCents === undefined
          ? {}
          : { listPrice: centsToDollars(item.terms.priceCents), contractPrice: centsToDollars(contractCents) }),
      };
    });
    // Summed exactly, turned into dollars once; a cart past MAX_ORDER_TOTAL_CENTS cannot be checked out (its order is
    // refused) and its total is then the nearest dollars a JSON number holds.
    return { lines, total: centsToDollars(Number(sumCents(lineCents))) };
  };
}
