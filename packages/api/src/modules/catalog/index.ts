// The catalogue module's public entry: what other modules, the seed and app.ts may use.
export { productsCsvRoutes } from './csv-routes.js';
export { orderTermsOf, withContractPrice, type NewProduct } from './product-row.js';
export { catalogRoutes } from './routes.js';
export { createCatalogService, type CatalogItem, type CatalogService, type ContractOverlay } from './service.js';
