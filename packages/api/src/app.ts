// buildApp(config): the whole backend as one Fastify instance; tests build it without a port, server.ts listens.
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { authPlugin } from './plugins/auth.js';
import { dbPlugin } from './plugins/db.js';
import { docsPlugin } from './plugins/docs.js';
import { emptyJsonBodyPlugin } from './plugins/empty-json-body.js';
import { errorsPlugin } from './plugins/errors.js';
import { gracefulClosePlugin } from './plugins/graceful-close.js';
import { imagesRoutes } from './images/images-routes.js';
import { rateLimitPlugin } from './plugins/rate-limit.js';
import { bareSecurityHeaders, securityPlugin } from './plugins/security.js';
import { staticWebPlugin } from './plugins/static-web.js';
import type { Limiter } from './rate-limit/limiter.js';
import { apiRoutes } from './routes/index.js';
import { oidcRoutes } from './auth/oidc/oidc-routes.js';
import { paymentRoutes } from './payments/payment-routes.js';

export interface BuildOptions {
  /** Another storefront build folder (tests); default packages/web/dist. */
  webDist?: string;
  /** A limiter to use instead of the one the config selects (tests). */
  limiter?: Limiter;
}

export const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * Slow clients may not hold connections open: headers must arrive within 10 s and the whole request within 60 s
 * (Fastify's default of 0 would disable Node's limit); both are checked every 2 s. Idle keep-alive connections close
 * after 72 s (Fastify's default, kept above the 60 s idle time-out of common load balancers).
 */
export const SERVER_TIMEOUTS = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 72_000,
  checkEveryMs: 2_000,
};

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // Two log lines per request cost more than the hot paths themselves; errors are still logged. debug/trace turn them on.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: SERVER_TIMEOUTS.requestTimeoutMs,
    keepAliveTimeout: SERVER_TIMEOUTS.keepAliveTimeoutMs,
    http: {
      headersTimeout: SERVER_TIMEOUTS.headersTimeoutMs,
      connectionsCheckingInterval: SERVER_TIMEOUTS.checkEveryMs,
    },
    // Answer 503 to new requests while closing, and finish the ones in flight.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // A URL with broken percent-encoding is refused before routing; answer it in the API's error shape as well.
    // No hook has run yet, so the security headers are set here.
    frameworkErrors: (_error, _request, reply: FastifyReply) => {
      void reply
        .code(400)
        .headers(bareSecurityHeaders(config))
        .send({ error: { code: 'bad_url', message: 'The request URL is malformed' } });
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  // Response schemas describe the API in OpenAPI only; serializing needs no runtime validation on hot paths.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  await app.register(errorsPlugin);
  await app.register(emptyJsonBodyPlugin);
  await app.register(gracefulClosePlugin);
  await app.register(dbPlugin, { config });
  await app.register(rateLimitPlugin, { config, limiter: options.limiter });
  await app.register(authPlugin, { config });
  await app.register(securityPlugin, { config });
  await app.register(docsPlugin);
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(imagesRoutes, { prefix: '/api' });
  await app.register(oidcRoutes, { prefix: '/api' });
  await app.register(paymentRoutes, { prefix: '/api' });
  await app.register(staticWebPlugin, { webDist: options.webDist });
  return app;
}
