// The backend with Stripe as its payment provider, pointed at the local Stripe stand-in. It is composed like
// buildApp (same plugins and routes, minus static files and docs) because only the provider differs.
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { paymentRoutes } from '../../src/payments/payment-routes.js';
import { StripeProvider } from '../../src/payments/stripe-provider.js';
import { authPlugin } from '../../src/plugins/auth.js';
import { dbPlugin } from '../../src/plugins/db.js';
import { errorsPlugin } from '../../src/plugins/errors.js';
import { rateLimitPlugin } from '../../src/plugins/rate-limit.js';
import { apiRoutes } from '../../src/routes/index.js';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from '../helpers/databases.js';
import { testConfig } from '../helpers/test-app.js';

export const STRIPE_KEYS = {
  secret: 'sk_test_kestrel_standin',
  publishable: 'pk_test_kestrel_standin',
  webhook: 'whsec_kestrel_standin_secret',
};

export interface StripeTestApp {
  app: FastifyInstance;
  db: TestDatabase;
  close(): Promise<void>;
}

export async function createStripeTestApp(kind: DatabaseKind, standInPort: number): Promise<StripeTestApp> {
  const db = await createTestDatabase(kind);
  const config = testConfig(db, {
    STRIPE_SECRET_KEY: STRIPE_KEYS.secret,
    STRIPE_PUBLISHABLE_KEY: STRIPE_KEYS.publishable,
    STRIPE_WEBHOOK_SECRET: STRIPE_KEYS.webhook,
  });
  const stripe = config.stripe;
  if (!stripe) throw new Error('the Stripe keys did not reach the config');
  const provider = new StripeProvider({
    ...stripe,
    api: { host: '127.0.0.1', port: standInPort, protocol: 'http' },
  });

  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { config });
  await app.register(rateLimitPlugin, { config });
  await app.register(authPlugin, { config });
  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(paymentRoutes, { prefix: '/api', provider });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.drop();
    },
  };
}
