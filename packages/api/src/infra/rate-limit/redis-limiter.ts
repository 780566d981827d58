// The fixed-window counter on Redis (INCR + PEXPIRE), shared by every instance behind a load balancer.
import { Redis } from 'ioredis';
import type { Limiter } from './limiter.js';

/** `onError`: connection problems (ioredis reconnects by itself; without a listener it prints them to stderr). */
export function createRedisLimiter(
  url: string,
  prefix = 'kestrel:rl:',
  onError: (error: Error) => void = () => undefined,
): Limiter {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.on('error', onError);

  return {
    async hit(key, limit, windowMs) {
      const name = prefix + key;
      const result = await redis.multi().incr(name).pttl(name).exec();
      const count = Number(result?.[0]?.[1] ?? 0);
      let ttl = Number(result?.[1]?.[1] ?? -1);
      // -1: the key has no expiry yet (this INCR created it, or an earlier PEXPIRE was lost): start the window now.
      if (ttl < 0) {
        await redis.pexpire(name, windowMs);
        ttl = windowMs;
      }
      return { allowed: count <= limit, count, retryAfterMs: ttl };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}
