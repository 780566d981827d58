// A product as the API answers it (dollars) turned into B2B §2's order terms (cents), for the quantity and price rules
// of catalog-rules.ts: the storefront's cards and forms, and the server's catalogue page that draws them (B2B §18).
import type { OrderTerms } from './catalog-rules.js';
import type { Product } from './entities.js';

const cents = (dollars: number) => Math.round(dollars * 100);

export function productOrderTerms(product: Product): OrderTerms {
  return {
    priceCents: cents(product.price),
    minQuantity: product.quantity,
    availableQuantity: product.availableQuantity,
    packSize: product.packSize,
    maxQuantity: product.maxQuantity,
    priceBreaks: product.priceBreaks.map((step) => ({ minQuantity: step.minQuantity, priceCents: cents(step.price) })),
  };
}
