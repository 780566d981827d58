// The backend with Stripe as its payment provider, pointed at the local Stripe stand-in: the real app, with only the
// provider handed in.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../../src/app.js';
import type { NewProduct } from '../../../src/modules/catalog/index.js';
import { StripeProvider } from '../../../src/modules/payments/stripe-provider.js';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from '../../helpers/databases.js';
import { ADMIN, addProduct, call, logIn, signUp, testConfig, type SignedIn } from '../../helpers/test-app.js';
import { placeOrder } from './payment-fixtures.js';
import { startStripeStandIn, type StandInIntent, type StripeStandIn } from './stripe-stand-in.js';

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

/** What every Stripe test file starts from: the stand-in, the app pointed at it, one product and a buyer, Alice. */
export interface StripeScene {
  standIn: StripeStandIn;
  t: StripeTestApp;
  alice: SignedIn;
  productId: string;
  /**
   * An order of 2,000 units with its Stripe intent, as the Payment page has it after loading; `extra` goes into the
   * create-payment-intent body (a price the server must ignore).
   */
  orderWithIntent(extra?: object): Promise<{ orderId: string; intent: StandInIntent; clientSecret: string }>;
}

/** Sets the scene up before the calling describe's tests and tears it down after; its fields are filled by then. */
export function useStripeScene(kind: DatabaseKind, product: Partial<NewProduct> = {}): StripeScene {
  const scene = {} as StripeScene;
  beforeAll(async () => {
    scene.standIn = await startStripeStandIn();
    scene.t = await createStripeTestApp(kind, scene.standIn.port);
    const admin = await logIn(scene.t.app, ADMIN.email, ADMIN.password);
    scene.productId = await addProduct(scene.t.app, admin, { name: 'Kestrel Fan 120', price: 3.75, ...product });
    scene.alice = await signUp(scene.t.app, 'Alice Buyer', 'alice@example.com');
  });
  afterAll(async () => {
    await scene.t.close();
    await scene.standIn.close();
  });
  scene.orderWithIntent = async (extra = {}) => {
    const orderId = await placeOrder(scene.t.app, scene.alice, scene.productId, 2000);
    const res = await call(scene.t.app, 'POST', '/api/create-payment-intent', scene.alice, { orderId, ...extra });
    expect(res.statusCode).toBe(200);
    const intent = [...scene.standIn.intents.values()].find((i) => i.metadata.orderId === orderId);
    if (!intent) throw new Error('no intent reached the stand-in');
    return { orderId, intent, clientSecret: res.json().clientSecret };
  };
  return scene;
}
