// The orders module's public entry: what other modules and app.ts may use.
export { orderRoutes } from './routes.js';
export {
  createOrdersService,
  type LineRequest,
  type NewOrder,
  type OrderDetails,
  type OrderRow,
  type OrdersService,
} from './service.js';
