// The route modules that the build bundles into one named chunk instead of a chunk each (vite.config.ts says why).
// The page-weight report reads it too: Vite's manifest names such a chunk by its group, not by its modules.
export const SHOP_CHUNK = 'shop';
export const SHOP_PAGES = /[\\/]src[\\/]app[\\/]routes[\\/](catalog-page|product-page|purchase-page|cart-routes)\.tsx$/;
