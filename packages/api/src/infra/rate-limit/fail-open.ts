// When the shared counter store (Redis) is unreachable, the shop keeps working without limits rather than refusing
// every sign-in with a 500: an outage of a protective extra must not become an outage of the shop. Each failure is
// reported, so the missing protection is visible in the logs.
import type { Limiter } from './limiter.js';

export function failOpen(limiter: Limiter, report: (error: unknown) => void): Limiter {
  return {
    async hit(key, limit, windowMs) {
      try {
        return await limiter.hit(key, limit, windowMs);
      } catch (error) {
        report(error);
        return { allowed: true, count: 0, retryAfterMs: 0 };
      }
    },
    async reset(key) {
      await limiter.reset(key).catch(report);
    },
    async close() {
      await limiter.close().catch(report);
    },
  };
}
