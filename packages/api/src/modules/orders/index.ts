// The orders module's public entry: what other modules and app.ts may use.
export { ORDER_EXPIRY_JOB, orderExpiryJob } from './expiry-job.js';
export type { ExpiryReport, OrderPayments, PaidOutcome } from './lifecycle.js';
export type { OrderBilling } from './billing-port.js';
export { orderRoutes } from './routes.js';
export {
  createOrdersService,
  type LineRequest,
  type NewOrder,
  type OrderDetails,
  type OrderRow,
  type OrdersService,
  type PlaceOptions,
  type PricedLine,
  notEnoughStock,
} from './service.js';
export type { PlacedOrder, WithinOrder } from './placing/index.js';
export { deliveredUnits, type DeliveredProduct, type Delivery } from './delivered-units.js';
// B2B §14: returns read an order by the one rule of who sees it.
export { authorizeOrder } from './ownership.js';
