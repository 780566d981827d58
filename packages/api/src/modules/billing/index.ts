// Billing's public entry (B2B §13): the one computation of tax (tax.ts) that orders, the cart and the documents share,
// the rate table's service and admin routes, and the VAT number check reverse charge rests on.
export { taxRoutes } from './routes.js';
export { createTaxService, type TaxService } from './tax-rates.js';
export { creditedTaxCents, isTaxed, ratePercent, taxCents, type TaxDecision, type TaxSubject } from './tax.js';
export { isEuMember, isVatNumberOf } from './vat-number.js';
