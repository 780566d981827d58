// Hold expiry across instances on one PostgreSQL (B2B §4, §8): orders placed through two server processes pass their
// hold; more instances start at the same moment (each asks for an expiry run at start, beside the periodic one) and
// one is stopped mid-way. Every order expires exactly once: its stock back once, one history step, one mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenDatabase } from '../src/infra/db/create-db.js';
import { createTestDatabase, type TestDatabase } from '../test/helpers/databases.js';
import { ADMIN } from '../test/helpers/test-app.js';
import { addProductAt, api, logInAt, signUpAt, stringField } from './http-client.js';
import { startServer, stopServer, type ServerProcess } from './server-process.js';

const PER_INSTANCE = 30;
const STOCK = 50_000;
const UNITS = 150;

async function until(what: string, done: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  for (const deadline = Date.now() + ms; !(await done()); await new Promise((r) => setTimeout(r, 200))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
  }
}

describe('order expiry with several instances on one PostgreSQL database', () => {
  let db: TestDatabase;
  let shared: OpenDatabase | undefined;
  const servers: ServerProcess[] = [];

  const start = async (count: number) => {
    const started = await Promise.allSettled(Array.from({ length: count }, () => startServer(db.url, db.dir)));
    for (const r of started) if (r.status === 'fulfilled') servers.push(r.value);
    for (const r of started) if (r.status === 'rejected') throw r.reason;
  };

  beforeAll(async () => {
    db = await createTestDatabase('postgres');
    await start(2);
  });
  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await shared?.db.destroy();
    await db?.drop();
  });

  it(`expires ${2 * PER_INSTANCE} orders placed through two instances exactly once each`, async () => {
    const [a, b] = servers;
    if (!a || !b) throw new Error('set-up failed');
    const admin = await logInAt(a.base, ADMIN.email, ADMIN.password);
    const productId = await addProductAt(a.base, admin, { quantity: 100, availableQuantity: STOCK });
    const buyer = await signUpAt(b.base, 'Fault Buyer', 'fault-buyer@example.com');

    const ids: string[] = [];
    const placements = Array.from({ length: 2 * PER_INSTANCE }, (_, i) =>
      api(i % 2 ? b.base : a.base, 'POST', '/api/orders', buyer.token, {
        lines: [{ productId, quantity: UNITS }],
        phone: '555-0100',
        address: '1 Dock Rd',
      }),
    );
    for (const res of await Promise.all(placements)) {
      expect(res.status).toBe(201);
      ids.push(stringField(res.body, 'insertedId'));
    }

    shared = openDatabase({ kind: 'postgres', url: db.url });
    const sdb = shared.db;
    const stock = async () =>
      Number(
        (await sdb.selectFrom('products').select('available_quantity').where('id', '=', productId).executeTakeFirst())
          ?.available_quantity,
      );
    expect(await stock()).toBe(STOCK - 2 * PER_INSTANCE * UNITS);

    // Their holds end now (ORDER_HOLD_MINUTES is at least a minute; the test does not wait for it).
    await sdb.updateTable('orders').set({ expires_at: '2026-01-01T00:00:00.000Z' }).where('id', 'in', ids).execute();
    // Two more instances start together, each asking for a run at start; one of the first two is stopped mid-way.
    await start(2);
    a.child.kill('SIGTERM');
    const expired = async () =>
      (await sdb.selectFrom('orders').select('id').where('status', '=', 'expired').where('id', 'in', ids).execute())
        .length;
    await until('every order expired', async () => (await expired()) === ids.length, 90_000);
    expect(await a.exited).toEqual({ code: 0, signal: null });
    // A few seconds more, with three instances running: nothing happens twice.
    await new Promise((r) => setTimeout(r, 3_000));

    expect(await stock()).toBe(STOCK);
    const user = await sdb.selectFrom('users').select('open_orders').where('id', '=', buyer.id).executeTakeFirst();
    expect(Number(user?.open_orders)).toBe(0);
    const rows = await sdb.selectFrom('orders').select(['status', 'status_history']).where('id', 'in', ids).execute();
    for (const row of rows) {
      const steps = (JSON.parse(row.status_history) as Array<{ status: string }>).map((s) => s.status);
      expect([row.status, steps]).toEqual(['expired', ['pending', 'expired']]);
    }
    const mails = await sdb
      .selectFrom('mail_outbox')
      .select(['dedupe_key', 'to_address'])
      .where('dedupe_key', 'like', 'order-expired:%')
      .execute();
    expect(mails.map((m) => m.dedupe_key).sort()).toEqual(ids.map((id) => `order-expired:${id}`).sort());
    expect(new Set(mails.map((m) => m.to_address))).toEqual(new Set(['fault-buyer@example.com']));
    for (const server of servers.slice(1)) expect(server.child.exitCode).toBeNull();
  });
});
