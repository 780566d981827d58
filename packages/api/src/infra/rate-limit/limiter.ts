// Where the rate-limit counters live: in this process by default, in Redis when REDIS_URL is set (redis-limiter.ts),
// so several instances share them; create-limiter-store.ts picks one. The counting itself is rate-limiter-flexible's.
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { MemoryLimiter } from './memory-limiter.js';

export interface LimiterOptions {
  /** Names the counter (the key prefix); distinct for each kind of limit. */
  name: string;
  /** Points a key may consume within `duration`. */
  points: number;
  /** Seconds. */
  duration: number;
}

export interface LimiterStore {
  create(options: LimiterOptions): RateLimiterAbstract;
  /** Resolves once counts are shared (Redis connected; until then they are counted in memory), at once in memory. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export const LIMITER_PREFIX = 'kestrel:rl';

export function createMemoryLimiters(prefix = LIMITER_PREFIX): LimiterStore {
  return {
    create: ({ name, points, duration }) => new MemoryLimiter({ keyPrefix: `${prefix}:${name}`, points, duration }),
    async ready() {},
    async close() {},
  };
}
