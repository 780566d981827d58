// Order numbers (B2B §11) on both databases: 40 orders placed at once get SO-{year}-000001..000040 in the order they
// were created (ids), one each; the number is in every answer, the "order placed" message and the admin's list; a
// refused order on SQLite gives its number back; each dialect continues from the year's counter.
import type { Order } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../../helpers/databases.js';
import { call, type SignedIn, type TestApp } from '../../../helpers/test-app.js';
import { buildWorld } from '../../../helpers/world.js';

const YEAR = new Date().getUTCFullYear();
const numberOf = (n: number) => `SO-${YEAR}-${String(n).padStart(6, '0')}`;

describe.each(databases)('order numbers on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let alice: SignedIn;
  let bob: SignedIn;
  let cpu: string;
  let fan: string;

  beforeAll(async () => {
    ({
      t,
      admin,
      people: { alice, bob },
      products: { cpu, fan },
    } = await buildWorld(kind, {
      people: { alice: ['Alice Buyer', 'alice@example.com'], bob: ['Bob Buyer', 'bob@example.com'] },
      products: {
        cpu: { sku: 'KC-CPU-1', price: 100, quantity: 1, availableQuantity: 1_000 },
        fan: { sku: 'KC-FAN-1', price: 5, quantity: 1, availableQuantity: 1_000 },
      },
    }));
  });
  afterAll(() => t.close());

  it('numbers 40 orders placed at once uniquely and in creation order, in answers, lists and mail', async () => {
    const placed = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const who = i % 2 === 0 ? alice : bob;
        // One-line orders (SPEC's call) and orders of two lines (B2B's), interleaved.
        return i % 3 === 0
          ? call(t.app, 'POST', '/api/order', who, { productId: cpu, inputQuantity: 1, phone: '1', address: 'a' })
          : call(t.app, 'POST', '/api/orders', who, {
              lines: [
                { productId: fan, quantity: 2 },
                { productId: cpu, quantity: 1 },
              ],
              phone: '1',
              address: 'a',
              poNumber: `PO-${i}`,
            });
      }),
    );
    for (const res of placed) expect(res.statusCode, res.body).toBe(201);
    const orders: Order[] = placed.map((res) => res.json().order);
    const byCreation = [...orders].sort((a, b) => (a._id < b._id ? -1 : 1));
    expect(byCreation.map((o) => o.number)).toEqual(Array.from({ length: 40 }, (_, i) => numberOf(i + 1)));

    const list = await call(t.app, 'GET', '/api/order', admin);
    expect(list.json().map((o: Order) => [o._id, o.number])).toEqual(byCreation.map((o) => [o._id, o.number]));
    const first = byCreation[0];
    if (!first) throw new Error('no order');
    const one = await call(t.app, 'GET', `/api/orders/${first._id}`, first.email === alice.email ? alice : bob);
    expect(one.json().number).toBe(numberOf(1));

    const mails = await t.app.db
      .selectFrom('mail_outbox')
      .select(['dedupe_key', 'subject'])
      .where('kind', '=', 'order-placed')
      .execute();
    const subjects = new Map(mails.map((m) => [m.dedupe_key, m.subject]));
    for (const order of orders) {
      const po = order.poNumber ? ` (PO ${order.poNumber})` : '';
      expect(subjects.get(`order-placed:${order._id}`)).toBe(`Order ${order.number} placed${po}`);
    }
  });

  it('continues from the year counter; a refused order takes no number on SQLite', async () => {
    const refused = await call(t.app, 'POST', '/api/order', alice, {
      productId: cpu,
      inputQuantity: 1_000_000,
      phone: '1',
      address: 'a',
    });
    expect(refused.statusCode).toBe(400);
    const next = await call(t.app, 'POST', '/api/order', alice, {
      productId: fan,
      inputQuantity: 1,
      phone: '1',
      address: 'a',
    });
    expect(next.statusCode).toBe(201);
    // SQLite takes the number inside the write, so the refusal rolled it back; PostgreSQL hands numbers out before
    // the write and the refused order's number is skipped (B2B §11 allows it).
    expect(next.json().order.number).toBe(numberOf(kind === 'sqlite' ? 41 : 42));
    const counter = await t.app.db
      .selectFrom('order_number_counters')
      .selectAll()
      .where('year', '=', YEAR)
      .executeTakeFirstOrThrow();
    // SQLite counts each order; PostgreSQL reserved two blocks of 32.
    expect(counter.last_number).toBe(kind === 'sqlite' ? 41 : 64);
  });
});
