// Webhooks survive a crash (B2B §9): with the receiver down, orders are placed and their order.created events wait in
// the outbox; the shop is killed with -9, the receiver comes back, the shop starts again on the same database, and
// every event arrives (each order once, verified with the standardwebhooks library), none lost.
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, databases, type TestDatabase } from '../test/helpers/databases.js';
import { ADMIN } from '../test/helpers/test-app.js';
import { startReceiver, type Receiver } from '../test/modules/webhooks/receiver.js';
import { addProductAt, api, logInAt, signUpAt, stringField } from './http-client.js';
import { startServer, stopServer, type ServerProcess } from './server-process.js';

const ORDERS = 20;

async function until(what: string, done: () => boolean, ms: number): Promise<void> {
  for (const deadline = Date.now() + ms; !done(); await new Promise((r) => setTimeout(r, 100))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
  }
}

function orderIdOf(data: unknown): string {
  return typeof data === 'object' && data !== null && '_id' in data ? String(data._id) : '';
}

describe.each(databases)('webhooks across kill -9 on %s', (kind) => {
  let db: TestDatabase | undefined;
  let server: ServerProcess | undefined;
  let receiver: Receiver | undefined;
  afterAll(async () => {
    await stopServer(server);
    await db?.drop();
    await receiver?.close();
  });

  it('delivers the events recorded before the crash once the shop is back', async () => {
    db = await createTestDatabase(kind);
    receiver = await startReceiver();
    const down = receiver;
    down.answer = () => 503;
    const env = { WEBHOOK_ALLOW_PRIVATE: 'true' };
    server = await startServer(db.url, db.dir, undefined, undefined, env);
    const admin = await logInAt(server.base, ADMIN.email, ADMIN.password);
    const created = await api(server.base, 'POST', '/api/admin/webhooks', admin.token, {
      url: down.url,
      events: ['order.created'],
    });
    expect(created.status).toBe(201);
    const secret = stringField(created.body, 'secret');
    const product = await addProductAt(server.base, admin, { quantity: 1, availableQuantity: 100_000, price: 2 });
    const buyer = await signUpAt(server.base, 'Crash Buyer', 'crash-buyer@example.com');
    const placed: string[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const res = await api(server.base, 'POST', '/api/orders', buyer.token, {
        lines: [{ productId: product, quantity: i + 1 }],
        phone: '555-0100',
        address: '1 Dock Rd',
      });
      expect(res.status).toBe(201);
      placed.push(stringField(res.body, 'insertedId'));
    }
    // Killed while its events wait (the receiver refused them, or they were never tried).
    server.child.kill('SIGKILL');
    await server.exited;
    expect(new Set(down.received.map((r) => r.id)).size).toBeLessThanOrEqual(ORDERS);

    down.answer = () => 200;
    const before = down.received.length;
    server = await startServer(db.url, db.dir, undefined, undefined, env);
    const deliveredIds = () => new Set(down.received.slice(before).map((r) => r.id));
    // The first retry is due 5 s after a failure and the job runs every 2 s; an attempt in flight at the kill waits
    // out its 30 s lease, and on PostgreSQL a run in progress at the kill holds the job for its 30 s maxRunMs plus
    // pg-boss's 15 s maintenance.
    await until(`${ORDERS} events delivered`, () => deliveredIds().size === ORDERS, 80_000).catch((error: unknown) => {
      throw new Error(`${String(error)}; got ${deliveredIds().size}, before the kill ${before}; ${server?.output()}`);
    });
    const orders = down.received.slice(before).map((r) => orderIdOf(down.verify(secret, r).data));
    expect(new Set(orders)).toEqual(new Set(placed));
    // Each delivered once after the restart: no attempt repeated.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(down.received.slice(before)).toHaveLength(ORDERS);
  });
});
