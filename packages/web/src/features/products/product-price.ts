import { unitPriceCents, type Product } from '@kestrel/shared';
import { contractCentsOf } from '../../lib/contract-price';
import { orderTermsOf } from '../../lib/order-terms';

/**
 * What one unit costs this reader at the minimum order, in cents (B2B §2, §5): the server's rule (unitPriceCents) over
 * the price break that applies to the minimum and the contract price the API sent a member. The catalogue's price sort
 * orders by the list figure (the same for everyone, B2B §11); a member's card shows what they pay.
 */
export function priceAtMinimumCents(product: Product): number {
  return unitPriceCents(orderTermsOf(product), product.quantity, contractCentsOf(product));
}

/**
 * The lowest volume price (the last break, since breaks fall) when it is below what the reader pays at the minimum: the
 * card's "down to $X from N". A member whose contract price beats every break is shown none (issue #47).
 */
export function lowerVolumePrice(product: Product): { minQuantity: number; priceCents: number } | null {
  const last = orderTermsOf(product).priceBreaks.at(-1);
  return last && last.priceCents < priceAtMinimumCents(product) ? last : null;
}
