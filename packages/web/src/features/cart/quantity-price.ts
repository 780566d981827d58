import { nextPriceBreak, unitPriceCents, type Product } from '@kestrel/shared';
import { formatCount } from '../../lib/count';
import { formatDollars } from '../../lib/money';
import { orderTermsOf } from '../../lib/order-terms';

/**
 * What a valid quantity costs (B2B §2), in the words the order form on the purchase page uses:
 * "1,000 × $4.20 = $4,200.00", then the next price break, if any, "· $3.80 each from 5,000".
 */
export function quantityPrice(product: Product, quantity: number): string {
  const unitCents = unitPriceCents(orderTermsOf(product), quantity);
  const next = nextPriceBreak(product.priceBreaks, quantity);
  const line = `${formatCount(quantity)} × ${formatDollars(unitCents / 100)} = ${formatDollars((unitCents * quantity) / 100)}`;
  return next ? `${line} · ${formatDollars(next.price)} each from ${formatCount(next.minQuantity)}` : line;
}
