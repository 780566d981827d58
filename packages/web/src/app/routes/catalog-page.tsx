import type { Product } from '@kestrel/shared';
import { CatalogPage as Catalog } from '../../features/products/components/catalog-page';
import { AddToCart } from '../../features/cart/components/add-to-cart';

const addToCart = (product: Product) => <AddToCart product={product} compact />;

/**
 * /products: the catalogue with 'Add to cart' on every card (B2B §3); the app composes the products and cart
 * features, as the purchase page does. Named like the feature's page so the home entry's import of it stays as short.
 */
export function CatalogPage() {
  return <Catalog cardAction={addToCart} />;
}
