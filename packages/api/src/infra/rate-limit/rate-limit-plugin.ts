// Rate limits (docs/product.md §3, B2B §7): the account calls per address and per e-mail and address
// (sign-in-limits.ts); other calls only when RATE_LIMIT_PER_MINUTE is set. Addresses are counted by limitKey (an IPv6
// client per /64). Counters live in Redis when REDIS_URL is set, so instances share them.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../config.js';
import { RetryLaterError } from '../errors.js';
import { limitKey } from './client-key.js';
import { createLimiterStore } from './create-limiter-store.js';
import type { LimiterStore } from './limiter.js';
import { createSignInLimits } from './sign-in-limits.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Throws 429 when the caller's address (or, with an e-mail, that e-mail from it) must wait; call before a password check. */
    limitAuthAttempt: (request: FastifyRequest, email?: string) => Promise<void>;
    /** After a wrong password (sign-in, password change). */
    authAttemptFailed: (request: FastifyRequest, email: string) => Promise<void>;
    /** After a right password: clears this e-mail and address's failures and remembers the address. */
    authAttemptSucceeded: (request: FastifyRequest, email: string) => Promise<void>;
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
  async (app: FastifyInstance, options: { config: Config; limiters?: LimiterStore }) => {
    const { config } = options;
    const store =
      options.limiters ??
      (await createLimiterStore(config.redisUrl, (error) =>
        app.log.warn({ err: error }, 'rate-limit store (Redis) unavailable; counting in this process until it is back'),
      ));
    app.addHook('onClose', async () => {
      await store.close();
    });

    const signIn = createSignInLimits(store, config.authAttemptsPerMinute);
    app.decorate('limitAuthAttempt', async (request: FastifyRequest, email?: string) => {
      const verdict = await signIn.check(limitKey(request.ip), email);
      if (verdict) throw tooMany(verdict.waitMs);
    });
    app.decorate('authAttemptFailed', (request: FastifyRequest, email: string) =>
      signIn.failed(limitKey(request.ip), email),
    );
    app.decorate('authAttemptSucceeded', (request: FastifyRequest, email: string) =>
      signIn.succeeded(limitKey(request.ip), email),
    );

    const perMinute = config.rateLimitPerMinute;
    if (perMinute !== undefined) {
      const calls = store.create({ name: 'all-ip', points: perMinute, duration: 60 });
      // Registered after the security plugin (app.ts), so a 429 from here carries its headers like every answer.
      app.addHook('onRequest', async (request) => {
        try {
          await calls.consume(limitKey(request.ip));
        } catch (refused) {
          if (refused instanceof Error) throw refused;
          throw tooMany((refused as RateLimiterRes).msBeforeNext);
        }
      });
    }
  },
);
