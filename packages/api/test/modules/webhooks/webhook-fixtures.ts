// The webhook tests' world: the real app (private receivers allowed, a clock the test moves), an admin, a buyer, two
// products, and receivers on loopback.
import type { WebhookCreated } from '@kestrel/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { World } from '../orders/lifecycle/lifecycle-fixtures.js';
import type { DatabaseKind } from '../../helpers/databases.js';
import { ADMIN, addProduct, call, createTestApp, logIn, signUp, type SignedIn } from '../../helpers/test-app.js';
import type { Resolve } from '../../../src/modules/webhooks/index.js';

export interface Clock {
  now: () => Date;
  advance(ms: number): void;
  /** Back to the real time (receivers check a timestamp against it). */
  reset(): void;
}

export function createClock(start = Date.now()): Clock {
  let at = start;
  return { now: () => new Date(at), advance: (ms) => (at += ms), reset: () => (at = Date.now()) };
}

export interface HookWorld extends World {
  clock: Clock;
}

export async function createHookWorld(
  kind: DatabaseKind,
  options: { allowPrivate?: boolean; resolve?: Resolve } = {},
): Promise<HookWorld> {
  const clock = createClock();
  const t = await createTestApp(
    kind,
    { WEBHOOK_ALLOW_PRIVATE: options.allowPrivate === false ? 'false' : 'true' },
    { webhooks: { now: clock.now, ...(options.resolve ? { resolve: options.resolve } : {}) } },
  );
  const admin = await logIn(t.app, ADMIN.email, ADMIN.password);
  const product = { quantity: 100, availableQuantity: 100_000 };
  const gpu = await addProduct(t.app, admin, { ...product, name: 'Kestrel GPU Bracket', price: 2.5 });
  const psu = await addProduct(t.app, admin, { ...product, name: 'Kestrel PSU Cable', price: 4 });
  const alice = await signUp(t.app, 'Alice Buyer', 'alice@example.com');
  const bob = await signUp(t.app, 'Bob Other', 'bob@example.com');
  return { t, app: t.app, admin, alice, bob, gpu, psu, clock };
}

export async function register(
  app: FastifyInstance,
  admin: SignedIn,
  url: string,
  events: string[] = ['*'],
): Promise<WebhookCreated> {
  const res = await call(app, 'POST', '/api/admin/webhooks', admin, { url, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export function messagesOf(app: FastifyInstance) {
  return app.db.selectFrom('webhook_messages').selectAll().orderBy('id').execute();
}
