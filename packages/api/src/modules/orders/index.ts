// The orders module's public entry: what other modules and app.ts may use.
export { orderRoutes } from './routes.js';
export { createOrdersService, toOrder, type NewOrder, type OrderRow, type OrdersService } from './service.js';
