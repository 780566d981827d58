// When a failed message is tried again: exponential backoff from `baseMs`, doubling per attempt up to `capMs`, and
// given up (failed, logged as an error) after `maxAttempts`. The defaults ride out a mail server that is down for
// about six hours: 30 s, 1, 2, 4, 8, 16, 32 min, then hourly.
export interface RetryPolicy {
  baseMs: number;
  capMs: number;
  maxAttempts: number;
}

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 30_000, capMs: 3_600_000, maxAttempts: 12 };

/** The wait before the next attempt, after `attempts` attempts (1 or more) have failed. */
export function retryDelayMs(policy: RetryPolicy, attempts: number): number {
  return Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
}
