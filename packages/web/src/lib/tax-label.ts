import type { TaxFields } from '@kestrel/shared';
import { formatDollars } from './money';

/**
 * The tax line's words (B2B §13) on the order pages and the checkout's totals, as the invoice prints them: the rate's
 * name and percent, or why there is none.
 */
export function taxLabel(tax: Pick<TaxFields, 'taxName' | 'taxRate' | 'reverseCharge' | 'taxExemptionId'>): string {
  if (tax.reverseCharge) return 'VAT (reverse charge) 0%';
  if (tax.taxExemptionId !== null) return `Tax exempt (certificate ${tax.taxExemptionId})`;
  return `${tax.taxName ?? 'Tax'} ${tax.taxRate}%`;
}

/**
 * What an order's price is made of ("$100.00 + Sales tax 5% $5.00"), for the pages that show the price alone (My
 * Orders, the payment page); null for an order that carries no tax and no reason for none, shown as before.
 */
export function taxBreakdown(order: TaxFields): string | null {
  if (order.taxTotal === 0 && !order.reverseCharge && order.taxExemptionId === null) return null;
  return `${formatDollars(order.subtotal)} + ${taxLabel(order)} ${formatDollars(order.taxTotal)}`;
}
