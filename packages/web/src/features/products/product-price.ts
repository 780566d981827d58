import type { Product } from '@kestrel/shared';

/**
 * What one unit costs a buyer who orders the minimum (B2B §2: the price break that applies to that quantity, else the
 * base price). The catalogue shows it, and sorts by price on the same figure on the server (B2B §11).
 */
export function priceAtMinimum(product: Pick<Product, 'price' | 'priceBreaks' | 'quantity'>): number {
  const applies = product.priceBreaks.filter((step) => step.minQuantity <= product.quantity);
  return applies.reduce((price, step) => Math.min(price, step.price), product.price);
}

/** The lowest unit price a product is sold at: its last price break's, else its base price. */
export function lowestUnitPrice(product: Pick<Product, 'price' | 'priceBreaks'>): number {
  return product.priceBreaks.reduce((lowest, step) => Math.min(lowest, step.price), product.price);
}
