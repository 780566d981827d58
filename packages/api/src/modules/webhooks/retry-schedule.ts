// B2B §9's schedule: after a failed attempt the next one comes after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and
// 10 h; the eighth failure gives the event up for that endpoint. No jitter: receivers recover at the same pace.
export const RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;

/** How long after failing attempt number `attempt` (1-based) the next one is due, or null: it was the last. */
export function retryDelayAfter(attempt: number): number | null {
  return RETRY_DELAYS_MS[attempt - 1] ?? null;
}

/** An endpoint that has delivered nothing for this long while failing is disabled and the administrators are told. */
export const DISABLE_AFTER_FAILING_MS = 24 * 3_600_000;
