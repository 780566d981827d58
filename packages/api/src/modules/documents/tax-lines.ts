// B2B §13 on the invoice and the credit note: the subtotal, the tax line with its name and rate, and the total; the
// note an exempt or reverse-charge order must carry (printing both VAT numbers). The amounts are the order's own, as
// decided at placement; a credit note credits the tax of what it credits (billing's creditedTaxCents: a credit of the
// whole order credits exactly its tax).
import type { Order } from '@kestrel/shared';
import { dollarsToCents, centsToDollars } from '../../infra/money.js';
import { creditedTaxCents, exemptionNote } from '../billing/index.js';
import type { DocumentCompany } from './pdf-layout.js';

export interface TaxSummary {
  /** [label, dollars] from the subtotal to the total; the last is the total. */
  rows: Array<[string, number]>;
  /** The exemption or reverse-charge note, when the order has one. */
  notes: string[];
}

/** The tax row's label: its name and rate, or why it is 0. */
export function taxLabel(order: Order): string {
  if (order.reverseCharge) return 'VAT (reverse charge) 0%';
  if (order.taxExemptionId !== null) return 'Tax (exempt) 0%';
  return `${order.taxName ?? 'Tax'} ${order.taxRate}%`;
}

/** The exemption or reverse-charge note an order's documents carry. */
export function taxNotesOf(order: Order, sellerTaxId: string | null, company: DocumentCompany | null): string[] {
  if (order.reverseCharge) {
    return [
      'Reverse charge: the customer accounts for the VAT (reverse charge).' +
        `${sellerTaxId ? ` Seller VAT number: ${sellerTaxId}.` : ''}` +
        `${company?.taxId ? ` Customer VAT number: ${company.taxId}.` : ''}`,
    ];
  }
  if (order.taxExemptionId !== null) return [exemptionNote(order.taxExemptionId)];
  return [];
}

/** The invoice's totals: what the order charged. */
export function invoiceTaxSummary(
  order: Order,
  sellerTaxId: string | null,
  company: DocumentCompany | null,
): TaxSummary {
  return {
    rows: [
      ['Subtotal', order.subtotal],
      [taxLabel(order), order.taxTotal],
      ['Total', order.price],
    ],
    notes: taxNotesOf(order, sellerTaxId, company),
  };
}

/** The credit note's totals: it credits every line, so the whole subtotal and exactly the order's tax. */
export function creditNoteTaxSummary(
  order: Order,
  sellerTaxId: string | null,
  company: DocumentCompany | null,
): TaxSummary {
  const subtotalCents = dollarsToCents(order.subtotal);
  const taxCents = creditedTaxCents(
    { subtotalCents, taxCents: dollarsToCents(order.taxTotal), rateMilli: Math.round(order.taxRate * 1000) },
    { subtotalCents: 0, taxCents: 0 },
    subtotalCents,
  );
  return {
    rows: [
      ['Subtotal credited', order.subtotal],
      [`${taxLabel(order)} credited`, centsToDollars(taxCents)],
      ['Total credited', centsToDollars(subtotalCents + taxCents)],
    ],
    notes: taxNotesOf(order, sellerTaxId, company),
  };
}
