// The billing module's public entry (accounts receivable): what other modules and app.ts may use.
export {
  allOpenAccountOrders,
  companyBalanceCents,
  overdueAccountOrders,
  owedCents,
  type OpenAccountOrders,
} from './balance-repository.js';
export { billingRoutes } from './routes.js';
export { createBillingService, type BillingService } from './service.js';
