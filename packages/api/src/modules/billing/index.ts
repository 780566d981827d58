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
export { cardTermsRefusal } from './on-account.js';
export { billingRoutes } from './routes.js';
export { CARD_REFUND_JOB, cardRefundJob } from './card-refund-job.js';
export { refundKeyForCredit } from './card-refunds.js';
export { creditNoteOf, creditNotesOfOrders, type CreditNoteSummaryRow } from './credit-notes-repository.js';
export {
  creditOrder,
  refundOf,
  type CreditLine,
  type CreditNoteLine,
  type CreditReason,
  type IssuedCredit,
} from './refunds.js';
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
