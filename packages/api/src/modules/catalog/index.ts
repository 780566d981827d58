// The catalogue module's public entry: what other modules, the seed and app.ts may use.
export { catalogRoutes } from './routes.js';
export { createCatalogService, toProduct, type CatalogService, type NewProduct } from './service.js';
