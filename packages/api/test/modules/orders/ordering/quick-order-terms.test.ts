// Quick order (issue #47): a line the product's own terms refuse (below the minimum, above the maximum, not whole packs)
// is rejected with its reason and not added, so the cart never holds a line that the checkout then refuses whole.
// A quantity above today's stock is still added with its problem: the stock moves, the terms do not.
import { orderRangeMessage } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../../helpers/databases.js';
import { call, type SignedIn, type TestApp } from '../../../helpers/test-app.js';
import { buildWorld } from '../../../helpers/world.js';

describe.each(databases)('quick order by the product terms on %s', (kind) => {
  let t: TestApp;
  let ann: SignedIn;
  let bracket: string;

  beforeAll(async () => {
    ({
      t,
      people: { ann },
      products: { bracket },
    } = await buildWorld(kind, {
      people: { ann: ['Ann', 'ann@example.com'] },
      products: {
        bracket: {
          name: 'Bracket',
          sku: 'KC-BRK-10',
          price: 6.25,
          quantity: 1000,
          packSize: 100,
          maxQuantity: 20000,
          availableQuantity: 5000,
        },
      },
    }));
  });
  afterAll(() => t.close());

  const add = (lines: unknown) => call(t.app, 'POST', '/api/cart/lines', ann, { lines });
  const cartRows = () =>
    t.app.db.selectFrom('cart_lines').select(['product_id', 'quantity']).where('user_id', '=', ann.id).execute();

  it('rejects a line below the minimum, above the maximum or off the pack, naming the rule, and adds none of them', async () => {
    const res = await add([
      { sku: 'KC-BRK-10', quantity: 500 },
      { sku: 'kc-brk-10', quantity: 1050 },
      { sku: 'KC-BRK-10', quantity: 20100 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      lines: [],
      total: 0,
      rejected: [
        { index: 0, sku: 'KC-BRK-10', message: 'the minimum order is 1,000' },
        { index: 1, sku: 'kc-brk-10', message: 'order in packs of 100' },
        { index: 2, sku: 'KC-BRK-10', message: 'at most 20,000 per order' },
      ],
    });
    expect(await cartRows()).toEqual([]);
  });

  it('adds a line the terms allow beside a rejected one, and keeps a line above the stock with its problem', async () => {
    const res = await add([
      { sku: 'KC-BRK-10', quantity: 900 },
      { sku: 'KC-BRK-10', quantity: 6000 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      lines: [
        {
          productId: bracket,
          sku: 'KC-BRK-10',
          name: 'Bracket',
          quantity: 6000,
          unitPrice: 6.25,
          lineTotal: 37500,
          problem: orderRangeMessage(1000, 5000),
        },
      ],
      total: 0,
      rejected: [{ index: 0, sku: 'KC-BRK-10', message: 'the minimum order is 1,000' }],
    });
    expect(await cartRows()).toEqual([{ product_id: bracket, quantity: 6000 }]);
  });
});
