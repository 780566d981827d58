import { describe, expect, it } from 'vitest';
import { formatDollars } from '../src/lib/money';

describe('formatDollars: every price and total the storefront shows', () => {
  it('shows the demo catalogue unit prices with cents, as the product card always has', () => {
    expect([189.99, 429, 139.5, 94.75, 58.4, 82, 27.9, 6.25, 74.99].map(formatDollars)).toEqual([
      '$189.99',
      '$429.00',
      '$139.50',
      '$94.75',
      '$58.40',
      '$82.00',
      '$27.90',
      '$6.25',
      '$74.99',
    ]);
  });

  it("gives the product card SPEC.md's 'Price:$X/per unit' that the journeys check", () => {
    expect(`Price:${formatDollars(2.45)}/per unit`).toBe('Price:$2.45/per unit');
    expect(`Price:${formatDollars(0.8)}/per unit`).toBe('Price:$0.80/per unit');
  });

  it('groups thousands in order totals', () => {
    expect(formatDollars(189_990)).toBe('$189,990.00');
    expect(formatDollars(1_234_567.5)).toBe('$1,234,567.50');
  });
});
