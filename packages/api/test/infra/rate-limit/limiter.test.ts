// The counter stores against the same expectations: in-process and Redis at 127.0.0.1:6379 (rate-limiter-flexible
// underneath), the sign-in policy on each, and Redis refusing connections (the limits fall back to memory, reported).
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createLimiterStore } from '../../../src/infra/rate-limit/create-limiter-store.js';
import { createMemoryLimiters, type LimiterStore } from '../../../src/infra/rate-limit/limiter.js';
import { createRedisLimiters } from '../../../src/infra/rate-limit/redis-limiter.js';
import { createSignInLimits, SIGN_IN_LIMITS } from '../../../src/infra/rate-limit/sign-in-limits.js';

const REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';
const prefix = `kestrel-test:${randomBytes(6).toString('hex')}`;
const noReport = () => undefined;

afterAll(async () => {
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
});

/** Each store's consume answers: [allowed, consumed points]. */
async function consumeAll(store: LimiterStore, name: string, key: string, times: number, points = 3) {
  const limiter = store.create({ name, points, duration: 60 });
  const results: Array<[boolean, number, number]> = [];
  for (let i = 0; i < times; i++) {
    await limiter.consume(key).then(
      (r) => results.push([true, r.consumedPoints, r.msBeforeNext]),
      (r: { consumedPoints: number; msBeforeNext: number }) => results.push([false, r.consumedPoints, r.msBeforeNext]),
    );
  }
  return results;
}

const stores: Array<[string, () => LimiterStore | Promise<LimiterStore>]> = [
  ['memory', () => createMemoryLimiters(prefix)],
  ['redis', () => createRedisLimiters(REDIS_URL, noReport, prefix)],
];
/** A store whose counts are in Redis already (while it connects they would be counted in memory). */
async function ready(made: LimiterStore | Promise<LimiterStore>) {
  const store = await made;
  await store.ready();
  return store;
}

describe.each(stores)('%s store', (name, make) => {
  it('allows up to the points in a window, then refuses with the time left, per key', async () => {
    const store = await ready(make());
    try {
      const results = await consumeAll(store, `${name}-a`, 'k', 4);
      expect(results.map(([allowed, count]) => [allowed, count])).toEqual([
        [true, 1],
        [true, 2],
        [true, 3],
        [false, 4],
      ]);
      expect(results[3]?.[2]).toBeGreaterThan(58_000);
      expect(results[3]?.[2]).toBeLessThanOrEqual(60_000);
      expect((await consumeAll(store, `${name}-a`, 'other', 1))[0]?.[1]).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('counts parallel attempts exactly', async () => {
    const store = await ready(make());
    try {
      const limiter = store.create({ name: `${name}-p`, points: 10, duration: 60 });
      const results = await Promise.allSettled(Array.from({ length: 25 }, () => limiter.consume('k')));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    } finally {
      await store.close();
    }
  });

  it('sign-in policy: 10 failures of an e-mail at an address block that pair only; a success clears them', async () => {
    const store = await ready(make());
    try {
      const limits = createSignInLimits(store, 1000);
      const email = `${name}@example.com`;
      for (let i = 0; i < SIGN_IN_LIMITS.consecutiveFailures; i++) {
        expect(await limits.check('10.1.0.1', email)).toBeNull();
        await limits.failed('10.1.0.1', email);
      }
      const verdict = await limits.check('10.1.0.1', email);
      expect(verdict?.waitMs).toBeGreaterThan(899_000);
      expect(verdict?.waitMs).toBeLessThanOrEqual(900_000);
      expect(await limits.check('10.1.0.2', email)).toBeNull();
      expect(await limits.check('10.1.0.1', `other-${email}`)).toBeNull();
      await limits.failed('10.1.0.3', email);
      await limits.succeeded('10.1.0.3', email);
      for (let i = 0; i < SIGN_IN_LIMITS.consecutiveFailures - 1; i++) await limits.failed('10.1.0.3', email);
      expect(await limits.check('10.1.0.3', email)).toBeNull();
    } finally {
      await store.close();
    }
  });

  it('two stores on the same backing share counts only through Redis', async () => {
    const [one, two] = await Promise.all([ready(make()), ready(make())]);
    try {
      await consumeAll(one, `${name}-shared`, 'k', 3);
      const [[allowed] = [true]] = await consumeAll(two, `${name}-shared`, 'k', 1);
      expect(allowed).toBe(name === 'memory');
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe('Redis refusing connections', () => {
  it('counts in memory instead, and reports the outage once', async () => {
    const reports: unknown[] = [];
    const store = await createLimiterStore('redis://127.0.0.1:1', (error) => reports.push(error), prefix);
    try {
      const results = await consumeAll(store, 'down', 'k', 4);
      expect(results.map(([allowed]) => allowed)).toEqual([true, true, true, false]);
      await new Promise((r) => setTimeout(r, 300));
      expect(reports.length).toBe(1);
      expect(String(reports[0])).toContain('ECONNREFUSED');
    } finally {
      await store.close();
    }
  });
});
