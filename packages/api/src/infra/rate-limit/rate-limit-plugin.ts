// Rate limits (docs/product.md §3): sign-in and sign-up per address and per account; other calls only when
// RATE_LIMIT_PER_MINUTE is set. Counters live in Redis when REDIS_URL is set, so instances share them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { RetryLaterError } from '../errors.js';
import { createMemoryLimiter, type Limiter } from './limiter.js';
import { createRedisLimiter } from './redis-limiter.js';
import { failOpen } from './fail-open.js';

/** Sign-ins plus sign-ups from one address: generous for people, a wall for scripts. */
/** Sign-in and sign-up attempts per client address: AUTH_ATTEMPTS_PER_MINUTE (default 30) in this window. */
export const AUTH_PER_IP_WINDOW_MS = 60_000;
/** Sign-in attempts on one account (a successful sign-in clears the count): stops password guessing early. */
export const LOGIN_PER_EMAIL = { limit: 10, windowMs: 15 * 60_000 };

declare module 'fastify' {
  interface FastifyInstance {
    limiter: Limiter;
    limitAuthAttempt: (request: FastifyRequest, email?: string) => Promise<void>;
  }
}

function tooMany(retryAfterMs: number): RetryLaterError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return new RetryLaterError(
    Math.max(1, Math.ceil(retryAfterMs / 1000)),
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
  );
}

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, { config, limiter }: { config: Config; limiter?: Limiter | undefined }) => {
    const report = (error: unknown) => app.log.warn({ err: error }, 'rate-limit store unavailable; not limiting');
    const store =
      limiter ??
      (config.redisUrl
        ? failOpen(createRedisLimiter(config.redisUrl, undefined, report), report)
        : createMemoryLimiter());
    app.decorate('limiter', store);
    app.addHook('onClose', async () => {
      await store.close();
    });

    app.decorate('limitAuthAttempt', async (request: FastifyRequest, email?: string) => {
      const byIp = await store.hit(`auth:ip:${request.ip}`, config.authAttemptsPerMinute, AUTH_PER_IP_WINDOW_MS);
      if (!byIp.allowed) throw tooMany(byIp.retryAfterMs);
      if (email) {
        const byEmail = await store.hit(`login:email:${email}`, LOGIN_PER_EMAIL.limit, LOGIN_PER_EMAIL.windowMs);
        if (!byEmail.allowed) throw tooMany(byEmail.retryAfterMs);
      }
    });

    const perMinute = config.rateLimitPerMinute;
    if (perMinute !== undefined) {
      app.addHook('onRequest', async (request) => {
        const hit = await store.hit(`all:ip:${request.ip}`, perMinute, 60_000);
        if (!hit.allowed) throw tooMany(hit.retryAfterMs);
      });
    }
  },
);
