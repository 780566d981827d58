/**
 * The storefront's one way to show money: US dollars with cents and thousands separators, as a purchasing clerk
 * reads them ($6.25, $429.00, $189,990.00). Unit prices (SPEC.md's 'Price:$X/per unit') and order totals alike; the
 * API sends dollars with at most two decimals, so nothing is rounded away.
 */
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatDollars(amount: number): string {
  return dollars.format(amount);
}
