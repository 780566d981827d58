import { nextPriceBreak, unitPriceCents, type Product } from '@kestrel/shared';
import { contractCentsOf } from '../../lib/contract-price';
import { formatCount } from '../../lib/count';
import { formatDollars } from '../../lib/money';
import { orderTermsOf } from '../../lib/order-terms';

/**
 * What a valid quantity costs the reader (B2B §2, §5), in the words the order form on the purchase page uses:
 * "1,000 × $4.20 = $4,200.00", then the next price break that is cheaper still, if any, "· $3.80 each from 5,000".
 * The unit price is the server's rule (unitPriceCents) over the contract price the API sent this reader.
 */
export function quantityPrice(product: Product, quantity: number): string {
  const terms = orderTermsOf(product);
  const unitCents = unitPriceCents(terms, quantity, contractCentsOf(product));
  const next = nextPriceBreak(terms.priceBreaks, quantity, unitCents);
  const line = `${formatCount(quantity)} × ${formatDollars(unitCents / 100)} = ${formatDollars((unitCents * quantity) / 100)}`;
  return next ? `${line} · ${formatDollars(next.priceCents / 100)} each from ${formatCount(next.minQuantity)}` : line;
}
