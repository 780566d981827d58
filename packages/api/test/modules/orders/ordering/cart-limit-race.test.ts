// Issue #53 (B2B §3, §16), both databases: the cart's 100-line limit holds when adds race. Before the fix each add
// counted the cart before its own transaction, so on PostgreSQL two adds of 30 new lines to a 60-line cart both passed
// and left 120 lines. Every add now counts under the owner's row lock, in the transaction that inserts.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBulkProducts } from '../../catalog/bulk-products.js';
import { databases } from '../../../helpers/databases.js';
import { call, createTestApp, signUp, type SignedIn, type TestApp } from '../../../helpers/test-app.js';

const FULL = { error: { code: 'cart_full', message: 'A cart holds at most 100 lines' } };
const ROUNDS = 50;

describe.each(databases)('the cart line limit under concurrency on %s', (kind) => {
  let t: TestApp;
  let ann: SignedIn;
  let products: Array<{ id: string; sku: string }>;
  let listId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ann = await signUp(t.app, 'Ann', 'ann@example.com');
    await seedBulkProducts(t.app, 150);
    products = await t.app.db
      .selectFrom('products')
      .select(['id', 'sku'])
      .where('sku', 'like', 'BULK-%')
      .orderBy('sku')
      .execute();
    const list = await call(t.app, 'POST', '/api/lists', ann, { name: 'Thirty more' });
    expect(list.statusCode, list.body).toBe(201);
    listId = list.json<{ _id: string }>()._id;
    const lines = products.slice(120, 150).map((p) => ({ productId: p.id, quantity: 10 }));
    expect((await call(t.app, 'PUT', `/api/lists/${listId}/lines`, ann, { lines })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const base = () => products.slice(0, 60);
  const bySku = (from: number) => ({
    lines: products.slice(from, from + 30).map((p) => ({ sku: p.sku, quantity: 10 })),
  });
  const cartIds = async () =>
    (
      await t.app.db
        .selectFrom('cart_lines')
        .select(['product_id', 'quantity'])
        .where('user_id', '=', ann.id)
        .orderBy('product_id')
        .execute()
    ).map((r) => `${r.product_id}:${r.quantity}`);
  const expected = (from: number) => [...base(), ...products.slice(from, from + 30)].map((p) => `${p.id}:10`).sort();

  async function sixtyLines() {
    const put = await call(t.app, 'PUT', '/api/cart', ann, {
      lines: base().map((p) => ({ productId: p.id, quantity: 10 })),
    });
    expect(put.statusCode, put.body).toBe(200);
  }

  /** One of two adds of 30 new lines each wins; the other is 409 cart_full and the cart holds only the winner's. */
  async function oneWins(answers: LightMyRequestResponse[], froms: number[]) {
    const codes = answers.map((r) => r.statusCode);
    expect(codes.slice().sort()).toEqual([200, 409]);
    const refused = answers.find((r) => r.statusCode === 409);
    expect(refused?.json()).toEqual(FULL);
    const winner = froms[codes.indexOf(200)] ?? -1;
    expect(await cartIds()).toEqual(expected(winner));
  }

  it(`two quick-order adds of 30 to a 60-line cart: one is refused whole, ${ROUNDS} times`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await sixtyLines();
      const answers = await Promise.all([
        call(t.app, 'POST', '/api/cart/lines', ann, bySku(60)),
        call(t.app, 'POST', '/api/cart/lines', ann, bySku(90)),
      ]);
      await oneWins(answers, [60, 90]);
    }
  });

  it(`a list's to-cart beside a quick-order add: never past 100 lines, ${ROUNDS} times`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await sixtyLines();
      const answers = await Promise.all([
        call(t.app, 'POST', `/api/lists/${listId}/to-cart`, ann, {}),
        call(t.app, 'POST', '/api/cart/lines', ann, bySku(60)),
      ]);
      await oneWins(answers, [120, 60]);
    }
  });
});
