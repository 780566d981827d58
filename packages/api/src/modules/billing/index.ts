// The billing module's public entry (accounts receivable, ADR 007; tax, B2B §13): what other modules and app.ts may
// use. Tax has one computation (tax.ts) that orders, the cart and the documents share, the rate table's service and
// admin routes, and the VAT number check reverse charge rests on.
export {
  allOpenAccountOrders,
  companyBalanceCents,
  overdueAccountOrders,
  owedCents,
  type OpenAccountOrders,
} from './balance-repository.js';
export { billingRoutes } from './routes.js';
export { createBillingService, type BillingService } from './service.js';
export { taxRoutes } from './tax-routes.js';
export { createTaxService, type TaxService } from './tax-rates.js';
export {
  creditedTaxCents,
  exemptionNote,
  isTaxed,
  ratePercent,
  taxCents,
  type TaxDecision,
  type TaxSubject,
} from './tax.js';
export { isEuMember, isVatNumberOf } from './vat-number.js';
// B2B §14: the one way to credit an order, in the caller's transaction (returns' receive calls it).
export { creditOrder } from './refunds.js';
