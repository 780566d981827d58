// Money is integer cents inside and dollars in the API.

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function centsToDollars(cents: number): number {
  return cents / 100;
}

/**
 * Whole cents added exactly: a sum of Numbers rounds once it passes 2^53 cents, a BigInt does not. Callers compare it
 * with MAX_ORDER_TOTAL_CENTS, below which it converts back to a Number exactly.
 */
export function sumCents(values: Iterable<number>): bigint {
  let sum = 0n;
  for (const cents of values) sum += BigInt(cents);
  return sum;
}
