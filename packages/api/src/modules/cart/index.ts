// The cart module's public entry: what app.ts may use.
export { cartRoutes } from './routes.js';
export { createCartService, type CartService } from './service.js';
