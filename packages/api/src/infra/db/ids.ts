// `_id` values: 24 lowercase hex chars, time-ordered so `ORDER BY id` is creation order
// (12 hex of milliseconds + 12 hex of a counter that starts at a random point each millisecond).
import { randomInt } from 'node:crypto';

let lastMs = 0;
let counter = 0;
/** Random start below 2^40 leaves room for 2^48 - 2^40 increments within one millisecond. */
const COUNTER_START_LIMIT = 2 ** 40;

export function newId(now = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = randomInt(0, COUNTER_START_LIMIT);
  } else {
    // Same millisecond (or the clock stepped back): keep the last time so ids stay increasing.
    counter += 1;
  }
  return lastMs.toString(16).padStart(12, '0') + counter.toString(16).padStart(12, '0');
}
