// The one rule of a money amount an administrator or buyer enters (issue 47): dollars, whole cents, at least one cent.
// zod's `positive()` let $0.000000001 through, and the old tolerance (|round(v*100) - v*100| < 1e-6) read it as a whole
// number of cents, so it was stored as $0; now an amount is whole cents exactly when rounding it to cents gives it back.
import './zod-setup.js';
import { z } from 'zod';
import { MAX_PRICE_DOLLARS } from './constants.js';

/** The smallest positive amount: one cent. */
export const MIN_PRICE_DOLLARS = 0.01;

/**
 * Whether a dollar amount has at most 2 decimals. Exact for every amount typed with 2 decimals: n/100 is the double
 * nearest the decimal n/100, which is what parsing "0.07" gives, while 0.001 or 1.0000000001 come back changed.
 */
export function isWholeCents(dollars: number): boolean {
  return Math.round(dollars * 100) / 100 === dollars;
}

/**
 * A positive amount in dollars: at least $0.01, at most MAX_PRICE_DOLLARS, whole cents. Every refusal says `message`
 * (which names the field), except a missing or non-number value when `missing` is given.
 */
export function positiveDollars(message: string, missing: string = message) {
  const max = MAX_PRICE_DOLLARS;
  return z.number({ error: missing }).min(MIN_PRICE_DOLLARS, message).max(max, message).refine(isWholeCents, message);
}
