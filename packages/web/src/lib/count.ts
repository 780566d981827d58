const counts = new Intl.NumberFormat('en-US');

/** Quantities as a purchasing clerk reads them: 42,000. */
export function formatCount(value: number): string {
  return counts.format(value);
}
