// The backend with Stripe as its payment provider, pointed at the local Stripe stand-in: the real app, with only the
// provider handed in.
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { StripeProvider } from '../../src/modules/payments/stripe-provider.js';
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

  const app = await buildApp(config, { paymentProvider: provider });
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
