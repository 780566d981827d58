// Product fields, their checks, the admin's edit and stock adjustments on both databases (B2B §1-§2), and the order
// rules those fields bring (pack sizes, maximum, price breaks).
import { catalogMessages, orderRangeMessage } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../../src/seed/factories.js';
import { databases } from '../../helpers/databases.js';
import { addProduct, call, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import { buildWorld } from '../../helpers/world.js';

describe.each(databases)('product fields and edits on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let ann: SignedIn;

  beforeAll(async () => {
    ({
      t,
      admin,
      people: { ann },
    } = await buildWorld(kind, { people: { ann: ['Ann', 'ann@example.com'] } }));
  });
  afterAll(() => t.close());

  const product = async (id: string) => (await call(t.app, 'GET', `/api/service/${id}`)).json();
  const patch = (id: string, body: unknown, who = admin) => call(t.app, 'PATCH', `/api/service/${id}`, who, body);
  const order = (productId: string, inputQuantity: number) =>
    call(t.app, 'POST', '/api/order', ann, { productId, inputQuantity, phone: '1', address: 'a' });

  it('creates a product with its catalogue fields, upper-casing the SKU', async () => {
    const id = await addProduct(t.app, admin, {
      sku: 'kc-mem-32',
      category: 'Memory',
      quantity: 100,
      packSize: 20,
      maxQuantity: 2000,
      price: 90,
      priceBreaks: [
        { minQuantity: 500, price: 85 },
        { minQuantity: 1000, price: 80 },
      ],
    });
    expect(await product(id)).toMatchObject({
      sku: 'KC-MEM-32',
      category: 'Memory',
      quantity: 100,
      packSize: 20,
      maxQuantity: 2000,
      priceBreaks: [
        { minQuantity: 500, price: 85 },
        { minQuantity: 1000, price: 80 },
      ],
    });
  });

  it('refuses terms that cannot hold, with the field named, and a taken SKU with 409', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ quantity: 1000, packSize: 7 }, catalogMessages.minNotMultipleOfPack],
      [{ quantity: 1000, maxQuantity: 999 }, catalogMessages.maxBelowMin],
      [{ quantity: 10, priceBreaks: [{ minQuantity: 10, price: 5 }] }, catalogMessages.breakQuantityOrder],
      [{ price: 10, priceBreaks: [{ minQuantity: 2000, price: 10 }] }, catalogMessages.breakPriceOrder],
      [
        {
          price: 10,
          priceBreaks: [
            { minQuantity: 3000, price: 9 },
            { minQuantity: 2000, price: 8 },
          ],
        },
        catalogMessages.breakQuantityOrder,
      ],
      [
        { price: 100, priceBreaks: Array.from({ length: 11 }, (_, i) => ({ minQuantity: 2000 + i, price: 90 - i })) },
        catalogMessages.tooManyBreaks,
      ],
      [{ sku: 'bad sku!' }, catalogMessages.skuInvalid],
      [{ category: '' }, catalogMessages.categoryInvalid],
    ];
    for (const [fields, message] of cases) {
      const res = await call(t.app, 'POST', '/api/service', admin, createProduct(fields));
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().error).toEqual({ code: 'validation_error', message });
    }
    await addProduct(t.app, admin, { sku: 'KC-TAKEN' });
    const taken = await call(t.app, 'POST', '/api/service', admin, createProduct({ sku: 'kc-taken' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({ code: 'sku_taken', message: catalogMessages.skuTaken });
  });

  it('edits any field and answers the product with a later updatedAt', async () => {
    const id = await addProduct(t.app, admin, { name: 'Old name', sku: 'KC-EDIT-1' });
    const before = await product(id);
    const res = await patch(id, {
      name: 'New name',
      description: 'New words.',
      price: 20.5,
      img: '/api/images/demo/ssd.png',
      quantity: 500,
      packSize: 50,
      maxQuantity: 5000,
      category: 'Storage',
      sku: 'kc-edit-2',
      priceBreaks: [{ minQuantity: 1000, price: 19.99 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json();
    expect(after).toEqual({
      ...before,
      name: 'New name',
      description: 'New words.',
      price: 20.5,
      img: '/api/images/demo/ssd.png',
      quantity: 500,
      packSize: 50,
      maxQuantity: 5000,
      category: 'Storage',
      sku: 'KC-EDIT-2',
      priceBreaks: [{ minQuantity: 1000, price: 19.99 }],
      updatedAt: after.updatedAt,
    });
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(await product(id)).toEqual(after);
    const found = (await call(t.app, 'GET', '/api/catalog?q=KC-EDIT-2')).json();
    expect(found.items.map((p: { _id: string }) => p._id)).toEqual([id]);
  });

  it('checks the merged product, refuses a taken SKU, an empty edit and unknown ids, and changes nothing then', async () => {
    const id = await addProduct(t.app, admin, { quantity: 1000, sku: 'KC-MERGE' });
    await addProduct(t.app, admin, { sku: 'KC-OTHER' });
    const before = await product(id);
    const refusals: Array<[unknown, number, string]> = [
      [{ packSize: 7 }, 400, catalogMessages.minNotMultipleOfPack],
      [{ maxQuantity: 10 }, 400, catalogMessages.maxBelowMin],
      [{ sku: 'KC-OTHER' }, 409, catalogMessages.skuTaken],
      [{}, 400, catalogMessages.nothingToChange],
      [{ stockAdjustment: 1.5 }, 400, 'stockAdjustment must be a whole number'],
    ];
    for (const [body, status, message] of refusals) {
      const res = await patch(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    expect(await product(id)).toEqual(before);
    expect((await patch('0123456789abcdef01234567', { name: 'x' })).statusCode).toBe(404);
    expect((await patch(id, { name: 'x' }, ann)).statusCode).toBe(403);
  });

  it('adjusts the stock atomically and refuses to go below zero with 409', async () => {
    const id = await addProduct(t.app, admin, { quantity: 10, availableQuantity: 100 });
    expect((await patch(id, { stockAdjustment: 50 })).json().availableQuantity).toBe(150);
    expect((await patch(id, { stockAdjustment: -140 })).json().availableQuantity).toBe(10);
    const below = await patch(id, { stockAdjustment: -11 });
    expect(below.statusCode).toBe(409);
    expect(below.json().error).toEqual({ code: 'stock_below_zero', message: catalogMessages.stockBelowZero });
    expect((await product(id)).availableQuantity).toBe(10);
  });

  it('loses no adjustment and no order when both happen at the same moment', async () => {
    const id = await addProduct(t.app, admin, { quantity: 10, availableQuantity: 10_000 });
    const work = [
      ...Array.from({ length: 30 }, () => order(id, 10)),
      ...Array.from({ length: 20 }, (_, i) => patch(id, { stockAdjustment: i % 2 === 0 ? 7 : -3 })),
    ];
    const answers = await Promise.all(work);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array(20).fill(200), ...Array(30).fill(201)]);
    expect((await product(id)).availableQuantity).toBe(10_000 - 30 * 10 + 10 * 7 - 10 * 3);
  });

  it('orders in packs, up to the maximum, at the price break that applies', async () => {
    const id = await addProduct(t.app, admin, {
      price: 90,
      quantity: 100,
      packSize: 20,
      maxQuantity: 1200,
      availableQuantity: 10_000,
      priceBreaks: [
        { minQuantity: 500, price: 85 },
        { minQuantity: 1000, price: 80 },
      ],
    });
    const cases: Array<[number, number]> = [
      [100, 9000],
      [480, 43200],
      [500, 42500],
      [980, 83300],
      [1000, 80000],
      [1200, 96000],
    ];
    for (const [quantity, total] of cases) {
      const res = await order(id, quantity);
      expect(res.statusCode, String(quantity)).toBe(201);
      expect(res.json().order.price).toBe(total);
    }
    const notPacks = await order(id, 110);
    expect(notPacks.statusCode).toBe(400);
    expect(notPacks.json().error).toEqual({ code: 'quantity_not_in_packs', message: 'order in packs of 20' });
    const aboveMax = await order(id, 1220);
    expect(aboveMax.json().error).toEqual({ code: 'quantity_out_of_range', message: orderRangeMessage(100, 1200) });
    expect((await product(id)).availableQuantity).toBe(10_000 - (100 + 480 + 500 + 980 + 1000 + 1200));
  });
});
