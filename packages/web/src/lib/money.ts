/** Order totals as a purchasing clerk reads them: $189,990.00. (Unit prices keep SPEC.md's plain 'Price:$X'.) */
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatDollars(amount: number): string {
  return dollars.format(amount);
}
