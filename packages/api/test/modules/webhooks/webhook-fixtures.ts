// The webhook tests' world: the real app (private receivers allowed, a clock the test moves), an admin, a buyer, two
// products, and receivers on loopback.
import type { WebhookCreated } from '@kestrel/shared';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createShopWorld, type World } from '../orders/lifecycle/lifecycle-fixtures.js';
import type { DatabaseKind } from '../../helpers/databases.js';
import { call, type SignedIn } from '../../helpers/test-app.js';
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
  const world = await createShopWorld(kind, {
    env: { WEBHOOK_ALLOW_PRIVATE: options.allowPrivate === false ? 'false' : 'true' },
    options: { webhooks: { now: clock.now, ...(options.resolve ? { resolve: options.resolve } : {}) } },
  });
  return { ...world, clock };
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
