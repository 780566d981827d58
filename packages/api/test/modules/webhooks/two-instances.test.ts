// Two app instances over one PostgreSQL database deliver each attempt of each event exactly once, running their
// delivery at the same moments; an endpoint registered on one instance is followed by the other within a second.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/databases.js';
import { ADMIN, addProduct, call, logIn, signUp, testConfig, type SignedIn } from '../../helpers/test-app.js';
import { startReceiver, type Receiver } from './receiver.js';
import { createClock, register } from './webhook-fixtures.js';

function orderIdOf(data: unknown): string {
  return typeof data === 'object' && data !== null && '_id' in data ? String(data._id) : '';
}

describe('webhooks on two instances (postgres)', () => {
  const clock = createClock();
  let db: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let receiver: Receiver;
  let admin: SignedIn;
  let buyer: SignedIn;
  let product: string;

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    const config = testConfig(db, { WEBHOOK_ALLOW_PRIVATE: 'true' });
    a = await buildApp(config, { webhooks: { now: clock.now } });
    b = await buildApp(config, { webhooks: { now: clock.now } });
    receiver = await startReceiver();
    admin = await logIn(a, ADMIN.email, ADMIN.password);
    buyer = await signUp(a, 'Dana Buyer', 'dana@example.com');
    product = await addProduct(a, admin, { quantity: 1, availableQuantity: 1_000_000, price: 3 });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await db.drop();
    await receiver.close();
  });

  const order = (app: FastifyInstance, quantity: number) =>
    call(app, 'POST', '/api/orders', buyer, {
      lines: [{ productId: product, quantity }],
      phone: '555-0100',
      address: '1 Dock Rd',
    });

  it('delivers every attempt once while both instances run delivery at the same time', async () => {
    // B reads the (empty) endpoints before A registers one: its memory must catch up within a second.
    expect((await order(b, 1)).statusCode).toBe(201);
    const hook = await register(a, admin, receiver.url, ['order.created']);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // The first attempt of each event fails; the second delivers.
    const seen = new Set<string>();
    receiver.answer = (r) => (seen.has(r.id) ? 200 : (seen.add(r.id), 500));
    const placed = await Promise.all(Array.from({ length: 40 }, (_, i) => order(i % 2 === 0 ? a : b, i + 1)));
    expect(placed.map((r) => r.statusCode)).toEqual(Array(40).fill(201));

    const runBoth = () =>
      Promise.all([a.webhooks.deliverDue(), b.webhooks.deliverDue(), a.webhooks.deliverDue(), b.webhooks.deliverDue()]);
    await runBoth();
    clock.advance(5_000);
    await runBoth();
    await runBoth();

    const ids = receiver.received.map((r) => r.id);
    expect(new Set(ids).size).toBe(40);
    expect(ids).toHaveLength(80);
    const perId = new Map<string, number>();
    for (const id of ids) perId.set(id, (perId.get(id) ?? 0) + 1);
    expect([...perId.values()].every((n) => n === 2)).toBe(true);
    // Each event is the order it reports, once.
    const orderIds = receiver.received.map((r) => orderIdOf(receiver.verify(hook.secret, r).data));
    expect(new Set(orderIds)).toEqual(new Set(placed.map((r) => r.json<{ insertedId: string }>().insertedId)));
    const log = (await call(a, 'GET', `/api/admin/webhooks/${hook._id}/deliveries`, admin)).json<unknown[]>();
    expect(log).toHaveLength(80);
  });
});
