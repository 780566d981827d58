// In-process counters (rate-limiter-flexible's RateLimiterMemory), for one instance and as Redis's stand-in while it is
// down (redis-limiter.ts). Imported by its own path: the package's index loads every back end it has.
import RateLimiterMemory from 'rate-limiter-flexible/lib/RateLimiterMemory.js';

/**
 * RateLimiterMemory forgets a key by a timer, and Node fires a timer longer than 2^31-1 ms (24.8 days) at once: a
 * longer time (the 30 days an address stays known) is cut to 24 days in memory. A restart forgets it sooner anyway;
 * Redis keeps the whole time.
 */
export const MAX_MEMORY_SECONDS = 24 * 24 * 60 * 60;

export class MemoryLimiter extends RateLimiterMemory {
  constructor(options: { keyPrefix: string; points: number; duration: number }) {
    super({ ...options, duration: Math.min(options.duration, MAX_MEMORY_SECONDS) });
  }

  override set(key: string | number, points: number, secDuration: number) {
    return super.set(key, points, Math.min(secDuration, MAX_MEMORY_SECONDS));
  }

  override block(key: string | number, secDuration: number) {
    return super.block(key, Math.min(secDuration, MAX_MEMORY_SECONDS));
  }
}
