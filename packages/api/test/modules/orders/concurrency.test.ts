// 50 parallel orders over real HTTP against stock for exactly 7: exactly 7 succeed and the stock ends at 0.
import { orderSchema, productSchema } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import {
  ADMIN,
  addProduct,
  createTestApp,
  logIn,
  signUp,
  type SignedIn,
  type TestApp,
} from '../../helpers/test-app.js';

describe.each(databases)('parallel orders on %s', (kind) => {
  let t: TestApp;
  let base: string;
  let admin: SignedIn;
  let buyers: SignedIn[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    buyers = [await signUp(t.app, 'Ann', 'ann@example.com'), await signUp(t.app, 'Bob', 'bob@example.com')];
  });
  afterAll(() => t.close());

  it('sells exactly the stock, never more', async () => {
    const productId = await addProduct(t.app, admin, { price: 2.5, quantity: 1000, availableQuantity: 7000 });
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        fetch(`${base}/api/order`, {
          method: 'POST',
          headers: { ...buyers[i % 2]?.auth, 'content-type': 'application/json' },
          body: JSON.stringify({ productId, inputQuantity: 1000, phone: '1', address: 'a' }),
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(7);
    expect(statuses.filter((s) => s === 400)).toHaveLength(43);
    const product = productSchema.parse(await (await fetch(`${base}/api/service/${productId}`)).json());
    expect(product.availableQuantity).toBe(0);
    const orders = orderSchema.array().parse(await (await fetch(`${base}/api/order`, { headers: admin.auth })).json());
    expect(orders).toHaveLength(7);
    expect(orders.map((o) => o.price)).toEqual(Array(7).fill(2500));
  });

  it('gives stock back exactly when orders are deleted in parallel', async () => {
    const productId = await addProduct(t.app, admin, { price: 1, quantity: 1000, availableQuantity: 10000 });
    const placed = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/order',
          headers: buyers[0]?.auth,
          payload: { productId, inputQuantity: 1000, phone: '1', address: 'a' },
        }),
      ),
    );
    const ids: string[] = placed.map((r) => r.json().insertedId);
    // Each order deleted twice at once: only one of each pair may give the stock back.
    const deletes = await Promise.all(
      [...ids, ...ids].map((id) => fetch(`${base}/api/order/${id}`, { method: 'DELETE', headers: buyers[0]?.auth })),
    );
    expect(deletes.map((r) => r.status).sort()).toEqual([...Array(10).fill(200), ...Array(10).fill(404)]);
    const product = productSchema.parse(await (await fetch(`${base}/api/service/${productId}`)).json());
    expect(product.availableQuantity).toBe(10000);
  });
});
