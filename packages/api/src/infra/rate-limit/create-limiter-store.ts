// Picks where the rate-limit counters live (limiter.ts): memory, or Redis when REDIS_URL is set. The Redis side
// (ioredis) is imported only then, so a single instance does not load it at start.
import { createMemoryLimiters, LIMITER_PREFIX, type LimiterStore } from './limiter.js';

/**
 * `report` hears of Redis outages (the limits then count in memory until it is back). `prefix` keeps tests apart
 * on a shared Redis.
 */
export async function createLimiterStore(
  redisUrl: string | undefined,
  report: (error: unknown) => void,
  prefix = LIMITER_PREFIX,
): Promise<LimiterStore> {
  if (!redisUrl) return createMemoryLimiters(prefix);
  const { createRedisLimiters } = await import('./redis-limiter.js');
  return createRedisLimiters(redisUrl, report, prefix);
}
