import type { Product } from '@kestrel/shared';

/**
 * The lowest unit price a product is sold at: its last price break's (breaks fall in price as quantities grow,
 * B2B §2), else its base price. The catalogue shows it as "from $X" when the product has breaks.
 */
export function lowestUnitPrice(product: Pick<Product, 'price' | 'priceBreaks'>): number {
  return product.priceBreaks.reduce((lowest, step) => Math.min(lowest, step.price), product.price);
}
