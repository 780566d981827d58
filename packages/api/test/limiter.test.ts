// Both limiter implementations against the same expectations: in-process and Redis at 127.0.0.1:6379.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryLimiter, type Limiter } from '../src/infra/rate-limit/limiter.js';
import { createRedisLimiter } from '../src/infra/rate-limit/redis-limiter.js';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const prefix = `kestrel-test:${randomBytes(6).toString('hex')}:`;

afterAll(async () => {
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

const implementations: Array<[string, () => Limiter]> = [
  ['memory', () => createMemoryLimiter()],
  ['redis', () => createRedisLimiter(REDIS_URL, prefix)],
];

describe.each(implementations)('%s limiter', (name, make) => {
  it('allows up to the limit in a window, then refuses, per key', async () => {
    const limiter = make();
    try {
      const results = [];
      for (let i = 0; i < 4; i++) results.push(await limiter.hit(`${name}:a`, 3, 60_000));
      expect(results.map((r) => [r.allowed, r.count])).toEqual([
        [true, 1],
        [true, 2],
        [true, 3],
        [false, 4],
      ]);
      expect(results[3]?.retryAfterMs).toBeGreaterThan(58_000);
      expect(results[3]?.retryAfterMs).toBeLessThanOrEqual(60_000);
      expect((await limiter.hit(`${name}:b`, 3, 60_000)).count).toBe(1);
    } finally {
      await limiter.close();
    }
  });

  it('starts a new window when the old one ends, and forgets a key on reset', async () => {
    const limiter = make();
    try {
      await limiter.hit(`${name}:w`, 1, 150);
      expect((await limiter.hit(`${name}:w`, 1, 150)).allowed).toBe(false);
      await new Promise((r) => setTimeout(r, 250));
      expect(await limiter.hit(`${name}:w`, 1, 150)).toMatchObject({ allowed: true, count: 1 });
      await limiter.hit(`${name}:r`, 1, 60_000);
      await limiter.reset(`${name}:r`);
      expect((await limiter.hit(`${name}:r`, 1, 60_000)).count).toBe(1);
    } finally {
      await limiter.close();
    }
  });

  it('counts parallel hits exactly', async () => {
    const limiter = make();
    try {
      const results = await Promise.all(Array.from({ length: 25 }, () => limiter.hit(`${name}:p`, 10, 60_000)));
      expect(results.filter((r) => r.allowed)).toHaveLength(10);
      expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    } finally {
      await limiter.close();
    }
  });
});
