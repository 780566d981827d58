import type { OrderTerms, Product } from '@kestrel/shared';

const cents = (dollars: number) => Math.round(dollars * 100);

/** A product as B2B §2's quantity and price rules (@kestrel/shared) see it: money in cents. */
export function orderTermsOf(product: Product): OrderTerms {
  return {
    priceCents: cents(product.price),
    minQuantity: product.quantity,
    availableQuantity: product.availableQuantity,
    packSize: product.packSize,
    maxQuantity: product.maxQuantity,
    priceBreaks: product.priceBreaks.map((step) => ({ minQuantity: step.minQuantity, priceCents: cents(step.price) })),
  };
}
