import type { TaxFields } from '@kestrel/shared';

/**
 * The tax line's words (B2B §13) on the order pages and the checkout's totals, as the invoice prints them: the rate's
 * name and percent, or why there is none.
 */
export function taxLabel(tax: Pick<TaxFields, 'taxName' | 'taxRate' | 'reverseCharge' | 'taxExemptionId'>): string {
  if (tax.reverseCharge) return 'VAT (reverse charge) 0%';
  if (tax.taxExemptionId !== null) return `Tax exempt (certificate ${tax.taxExemptionId})`;
  return `${tax.taxName ?? 'Tax'} ${tax.taxRate}%`;
}
