// Rate-limit counters in Redis, shared by every instance behind a load balancer. When Redis cannot be reached the shop
// keeps working: each limiter's insurance (rate-limiter-flexible's insuranceLimiter) counts in this process's memory
// until Redis is back, so the limits hold per instance instead of refusing every sign-in with a 500. The outage is
// reported once each time the connection is lost, so the weaker protection is visible in the logs.
import type { LimiterStore } from './limiter.js';
import { MemoryLimiter } from './memory-limiter.js';

export async function createRedisLimiters(
  url: string,
  report: (error: unknown) => void,
  prefix: string,
): Promise<LimiterStore> {
  // Loaded here, not at start: a single instance has no Redis (bench/results/history.md, "Memory and start-up").
  const [{ Redis }, { RateLimiterRedis }] = await Promise.all([import('ioredis'), import('rate-limiter-flexible')]);
  // No offline queue and one try per command: while Redis is down a limit check falls to memory at once instead of
  // waiting for a reconnect.
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  let reported = false;
  redis.on('error', (error: unknown) => {
    if (reported) return;
    reported = true;
    report(error);
  });
  redis.on('ready', () => {
    reported = false;
  });

  return {
    create({ name, points, duration }) {
      const keyPrefix = `${prefix}:${name}`;
      return new RateLimiterRedis({
        storeClient: redis,
        keyPrefix,
        points,
        duration,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new MemoryLimiter({ keyPrefix, points, duration }),
      });
    },
    async ready() {
      if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
    },
    async close() {
      // quit() waits for a reply that never comes while disconnected.
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
