// Both databases: a checkout places at most 100 lines (B2B §3). Every add keeps the cart within 100 lines, but a
// refused checkout puts its lines back without the limit (cart/repository.ts restoreCart says why), so a cart may hold
// more; its checkout is then refused by name, the cart kept as it was, and nothing ordered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBulkProducts } from '../../catalog/bulk-products.js';
import { databases } from '../../../helpers/databases.js';
import { call, createTestApp, signUp, type SignedIn, type TestApp } from '../../../helpers/test-app.js';

const where = { phone: '+1 555 0100', address: '1 Dock Road' };

describe.each(databases)('a checkout of more than 100 lines on %s', (kind) => {
  let t: TestApp;
  let ann: SignedIn;
  let ids: string[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    ann = await signUp(t.app, 'Ann', 'ann@example.com');
    await seedBulkProducts(t.app, 101);
    ids = (
      await t.app.db.selectFrom('products').select('id').where('sku', 'like', 'BULK-%').orderBy('sku').execute()
    ).map((r) => r.id);
    // As a restore beside another tab's adds leaves it: 101 lines, written the way restoreCart writes them.
    await t.app.db
      .insertInto('cart_lines')
      .values(
        ids.map((id, i) => ({
          user_id: ann.id,
          product_id: id,
          quantity: 10,
          added_at: new Date(Date.UTC(2026, 0, 1) + i).toISOString(),
        })),
      )
      .execute();
  });
  afterAll(() => t.close());

  const cartLines = async () => (await call(t.app, 'GET', '/api/cart', ann)).json<{ lines: unknown[] }>().lines.length;
  const orders = () =>
    t.app.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();

  it('is refused with 409 cart_full naming the limit; the cart keeps its 101 lines and no order is written', async () => {
    const before = Number((await orders()).n);
    const res = await call(t.app, 'POST', '/api/cart/checkout', ann, where);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      error: { code: 'cart_full', message: 'An order holds at most 100 lines: remove 1 line from the cart' },
    });
    expect(await cartLines()).toBe(101);
    expect(Number((await orders()).n)).toBe(before);
  });

  it('checks out once the buyer removes the extra line', async () => {
    const kept = ids.slice(0, 100).map((productId) => ({ productId, quantity: 10 }));
    expect((await call(t.app, 'PUT', '/api/cart', ann, { lines: kept })).statusCode).toBe(200);
    const res = await call(t.app, 'POST', '/api/cart/checkout', ann, where);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ order: { lines: unknown[] } }>().order.lines).toHaveLength(100);
    expect(await cartLines()).toBe(0);
  });
});
