// Orders placed by a company member carry the member's company (B2B §5), on every form of the order write (SQLite's
// transaction; PostgreSQL's one-line statement, decided statement of several lines, and locking transaction), a
// viewer's order is refused with nothing written, and the company's balance on account sums what it owes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyBalanceCents } from '../../../src/modules/billing/index.js';
import { databases } from '../../helpers/databases.js';
import { call, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import { buildWorld } from '../../helpers/world.js';

const where = { phone: '+1 555 0100', address: '1 Dock Road' };
const AT = '2026-01-01T00:00:00.000Z';

describe.each(databases)('orders of company members on %s', (kind) => {
  let t: TestApp;
  let buyer: SignedIn;
  let viewer: SignedIn;
  let loner: SignedIn;
  let cpu: string;
  let fan: string;

  beforeAll(async () => {
    ({
      t,
      people: { buyer, viewer, loner },
      products: { cpu, fan },
    } = await buildWorld(kind, {
      people: {
        buyer: ['Bea', 'bea@example.com'],
        viewer: ['Vic', 'vic@example.com'],
        loner: ['Lou', 'lou@example.com'],
      },
      products: {
        cpu: {
          name: 'CPU',
          sku: 'KC-CPU-1',
          price: 10,
          quantity: 1,
          availableQuantity: 1000,
        },
        fan: {
          name: 'Fan',
          sku: 'KC-FAN-1',
          price: 2,
          quantity: 1,
          availableQuantity: 1000,
        },
      },
    }));
    await t.app.db
      .insertInto('companies')
      .values({ id: 'co-acme', name: 'Acme', billing_address: 'x', created_at: AT, updated_at: AT })
      .execute();
    await t.app.db
      .insertInto('company_members')
      .values([
        { user_id: buyer.id, company_id: 'co-acme', role: 'buyer', spending_limit_cents: null, joined_at: AT },
        { user_id: viewer.id, company_id: 'co-acme', role: 'viewer', spending_limit_cents: null, joined_at: AT },
      ])
      .execute();
  });
  afterAll(() => t.close());

  it('records the company on a one-line order (SPEC POST /api/order and POST /api/orders)', async () => {
    const spec = await call(t.app, 'POST', '/api/order', buyer, { productId: cpu, inputQuantity: 3, ...where });
    expect(spec.statusCode).toBe(201);
    expect(spec.json().order.companyId).toBe('co-acme');
    const one = await call(t.app, 'POST', '/api/orders', buyer, { lines: [{ productId: cpu, quantity: 2 }], ...where });
    expect(one.json().order.companyId).toBe('co-acme');
    const stored = await t.app.db
      .selectFrom('orders')
      .select('company_id')
      .where('id', '=', one.json().insertedId)
      .executeTakeFirstOrThrow();
    expect(stored.company_id).toBe('co-acme');
  });

  it('records the company on orders of several lines, first and later (remembered terms)', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await call(t.app, 'POST', '/api/orders', buyer, {
        lines: [
          { productId: fan, quantity: 1 },
          { productId: cpu, quantity: 1 },
        ],
        ...where,
      });
      expect(res.statusCode).toBe(201);
      const stored = await t.app.db
        .selectFrom('orders')
        .select('company_id')
        .where('id', '=', res.json().insertedId)
        .executeTakeFirstOrThrow();
      expect(stored.company_id).toBe('co-acme');
    }
  });

  it('leaves company_id null for a customer in no company', async () => {
    const res = await call(t.app, 'POST', '/api/orders', loner, { lines: [{ productId: fan, quantity: 1 }], ...where });
    expect(res.json().order.companyId).toBeNull();
  });

  it("refuses a viewer's order with 403 and takes no stock", async () => {
    const before = (await call(t.app, 'GET', `/api/service/${cpu}`)).json().availableQuantity;
    const res = await call(t.app, 'POST', '/api/orders', viewer, {
      lines: [{ productId: cpu, quantity: 1 }],
      ...where,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
    const spec = await call(t.app, 'POST', '/api/order', viewer, { productId: cpu, inputQuantity: 1, ...where });
    expect(spec.statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/service/${cpu}`)).json().availableQuantity).toBe(before);
    expect(await t.app.db.selectFrom('orders').select('id').where('user_id', '=', viewer.id).execute()).toEqual([]);
  });

  it('sums the unpaid, open on-account orders of the company as its balance', async () => {
    expect(await companyBalanceCents(t.app.db, 'co-acme')).toBe(0);
    const ids = await t.app.db
      .selectFrom('orders')
      .select(['id', 'total_cents'])
      .where('company_id', '=', 'co-acme')
      .orderBy('id')
      .execute();
    expect(ids.length).toBe(4);
    const [a, b, c, d] = ids;
    if (!a || !b || !c || !d) throw new Error('four orders expected');
    // a: on account, open -> counts; b: on account, paid -> not; c: on account, cancelled -> not; d: card -> not.
    await t.app.db
      .updateTable('orders')
      .set({ payment_terms: 'account', status: 'confirmed' })
      .where('id', 'in', [a.id, b.id, c.id])
      .execute();
    await t.app.db.updateTable('orders').set({ paid_at: AT }).where('id', '=', b.id).execute();
    await t.app.db.updateTable('orders').set({ status: 'cancelled' }).where('id', '=', c.id).execute();
    expect(await companyBalanceCents(t.app.db, 'co-acme')).toBe(a.total_cents);
    expect(a.total_cents).toBe(3000);
    expect(await companyBalanceCents(t.app.db, 'co-none')).toBe(0);
  });
});
