/** Order totals as a purchasing clerk reads them: $189,990.00. (Unit prices show SPEC.md's 'Price:$X' with cents: $12.50.) */
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatDollars(amount: number): string {
  return dollars.format(amount);
}
