// The cart, quick-order lines, checkout and reorder on both databases (B2B §3).
import { orderingMessages, orderRangeMessage } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../../helpers/databases.js';
import { addProduct, call, type SignedIn, type TestApp } from '../../../helpers/test-app.js';
import { buildWorld } from '../../../helpers/world.js';

const where = { phone: '+1 555 0100', address: '1 Dock Road' };

describe.each(databases)('the cart on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let ann: SignedIn;
  let bob: SignedIn;
  let memory: string;
  let fan: string;

  beforeAll(async () => {
    ({
      t,
      admin,
      people: { ann, bob },
      products: { memory, fan },
    } = await buildWorld(kind, {
      people: { ann: ['Ann', 'ann@example.com'], bob: ['Bob', 'bob@example.com'] },
      products: {
        memory: {
          name: 'DDR5 32 GB',
          sku: 'KC-MEM-32',
          price: 90,
          quantity: 100,
          packSize: 20,
          availableQuantity: 5000,
          priceBreaks: [{ minQuantity: 500, price: 85 }],
        },
        fan: {
          name: 'Fan',
          sku: 'KC-FAN',
          price: 6.25,
          quantity: 100,
          availableQuantity: 5000,
        },
      },
    }));
  });
  afterAll(() => t.close());

  const cart = async (who = ann) => (await call(t.app, 'GET', '/api/cart', who)).json();
  const add = (lines: unknown, who = ann) => call(t.app, 'POST', '/api/cart/lines', who, { lines });

  it('starts empty and is only ever the caller’s', async () => {
    expect(await cart()).toEqual({ lines: [], total: 0 });
    expect((await call(t.app, 'GET', '/api/cart')).statusCode).toBe(401);
  });

  it('adds lines by SKU, summing a product’s quantities and rejecting unknown SKUs and bad quantities', async () => {
    const res = await add([
      { sku: 'kc-mem-32', quantity: 300 },
      { sku: 'KC-NOPE', quantity: 5 },
      { sku: 'KC-FAN', quantity: 2.5 },
      { sku: 'KC-FAN', quantity: '7' },
      { sku: 'KC-MEM-32', quantity: 200 },
      { sku: 'KC-FAN', quantity: 50 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      lines: [
        {
          productId: memory,
          sku: 'KC-MEM-32',
          name: 'DDR5 32 GB',
          quantity: 500,
          unitPrice: 85,
          lineTotal: 42500,
          problem: null,
        },
      ],
      total: 42500,
      // The fan's 50 are below its minimum: not added (issue #47, quick-order-terms.test.ts).
      rejected: [
        { index: 1, sku: 'KC-NOPE', message: orderingMessages.unknownSku },
        { index: 2, sku: 'KC-FAN', message: orderingMessages.wholeQuantity },
        { index: 3, sku: 'KC-FAN', message: orderingMessages.wholeQuantity },
        { index: 5, sku: 'KC-FAN', message: 'the minimum order is 100' },
      ],
    });
    expect(await cart(bob)).toEqual({ lines: [], total: 0 });
  });

  it('refuses a checkout while a line has a problem, naming it, and keeps the cart', async () => {
    // A cart edited below the minimum keeps the line with its problem; only quick order refuses to add it.
    await call(t.app, 'PUT', '/api/cart', ann, {
      lines: [
        { productId: memory, quantity: 500 },
        { productId: fan, quantity: 50 },
      ],
    });
    const before = await cart();
    const res = await call(t.app, 'POST', '/api/cart/checkout', ann, where);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.lines).toEqual([{ index: 1, productId: fan, message: orderRangeMessage(100, 5000) }]);
    expect(await cart()).toEqual(before);
  });

  it('replaces the cart with PUT, and checks out one order with the PO number, emptying the cart', async () => {
    const put = await call(t.app, 'PUT', '/api/cart', ann, {
      lines: [
        { productId: fan, quantity: 200 },
        { productId: memory, quantity: 100 },
      ],
    });
    expect(put.json().total).toBe(200 * 6.25 + 100 * 90);
    const res = await call(t.app, 'POST', '/api/cart/checkout', ann, { ...where, poNumber: 'PO-77', note: 'Gate B' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().order).toMatchObject({
      poNumber: 'PO-77',
      note: 'Gate B',
      price: 10250,
      lines: [
        { productId: fan, quantity: 200, unitPrice: 6.25 },
        { productId: memory, quantity: 100, unitPrice: 90 },
      ],
    });
    expect(await cart()).toEqual({ lines: [], total: 0 });
    const empty = await call(t.app, 'POST', '/api/cart/checkout', ann, where);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toEqual({ code: 'cart_empty', message: orderingMessages.cartEmpty });
  });

  it('places one order when the same cart is checked out twice at once (a double click)', async () => {
    await call(t.app, 'PUT', '/api/cart', bob, { lines: [{ productId: fan, quantity: 100 }] });
    const before = (await call(t.app, 'GET', `/api/service/${fan}`)).json().availableQuantity;
    const answers = await Promise.all([1, 2, 3].map(() => call(t.app, 'POST', '/api/cart/checkout', bob, where)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400]);
    expect(answers.filter((a) => a.statusCode === 400).map((a) => a.json().error.code)).toEqual([
      'cart_empty',
      'cart_empty',
    ]);
    expect((await call(t.app, 'GET', `/api/service/${fan}`)).json().availableQuantity).toBe(before - 100);
    expect(await cart(bob)).toEqual({ lines: [], total: 0 });
  });

  it('refuses unknown products and duplicate lines in PUT, and payment on account without terms', async () => {
    const unknown = await call(t.app, 'PUT', '/api/cart', ann, {
      lines: [{ productId: '0123456789abcdef01234567', quantity: 1 }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('lines[0]: product not found');
    const twice = await call(t.app, 'PUT', '/api/cart', ann, {
      lines: [
        { productId: fan, quantity: 100 },
        { productId: fan, quantity: 100 },
      ],
    });
    expect(twice.json().error.message).toBe(orderingMessages.oneLinePerProduct);
    await call(t.app, 'PUT', '/api/cart', ann, { lines: [{ productId: fan, quantity: 100 }] });
    const account = await call(t.app, 'POST', '/api/cart/checkout', ann, { ...where, paymentTerms: 'account' });
    expect(account.statusCode).toBe(409);
    expect(account.json().error.code).toBe('no_account_terms');
    await call(t.app, 'PUT', '/api/cart', ann, { lines: [] });
  });

  it('reorders at today’s prices, with the lines of deleted products rejected', async () => {
    const old = await addProduct(t.app, admin, {
      name: 'Old part',
      sku: 'KC-OLD',
      quantity: 10,
      availableQuantity: 1000,
    });
    const placed = await call(t.app, 'POST', '/api/orders', ann, {
      lines: [
        { productId: memory, quantity: 100 },
        { productId: old, quantity: 10 },
      ],
      ...where,
    });
    expect(placed.statusCode).toBe(201);
    expect((await call(t.app, 'PATCH', `/api/service/${memory}`, admin, { price: 95 })).statusCode).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/service/${old}`, admin)).statusCode).toBe(200);
    const res = await call(t.app, 'POST', `/api/orders/${placed.json().insertedId}/reorder`, ann);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      lines: [
        {
          productId: memory,
          sku: 'KC-MEM-32',
          name: 'DDR5 32 GB',
          quantity: 100,
          unitPrice: 95,
          lineTotal: 9500,
          problem: null,
        },
      ],
      total: 9500,
      rejected: [{ index: 1, sku: 'KC-OLD', message: orderingMessages.productNotFound }],
    });
    expect((await call(t.app, 'POST', `/api/orders/${placed.json().insertedId}/reorder`, bob)).statusCode).toBe(404);
  });
});
