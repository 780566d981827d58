// A fixed-window counter: `hit` counts one attempt under a key and says whether it is still within the limit.
// In-process by default; Redis (redis-limiter.ts) when several instances must share the counts.

export interface HitResult {
  allowed: boolean;
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  retryAfterMs: number;
}

export interface Limiter {
  hit(key: string, limit: number, windowMs: number): Promise<HitResult>;
  /** Forgets a key (a successful sign-in clears that account's count of attempts). */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

interface Window {
  count: number;
  endsAt: number;
}

/** Expired windows are swept at most this often, so the map cannot grow without bound. */
const SWEEP_EVERY_MS = 60_000;

export function createMemoryLimiter(now: () => number = Date.now): Limiter {
  const windows = new Map<string, Window>();
  let nextSweep = now() + SWEEP_EVERY_MS;

  function sweep(at: number) {
    if (at < nextSweep) return;
    nextSweep = at + SWEEP_EVERY_MS;
    for (const [key, w] of windows) if (w.endsAt <= at) windows.delete(key);
  }

  return {
    async hit(key, limit, windowMs) {
      const at = now();
      sweep(at);
      let w = windows.get(key);
      if (!w || w.endsAt <= at) {
        w = { count: 0, endsAt: at + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { allowed: w.count <= limit, count: w.count, retryAfterMs: w.endsAt - at };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}
