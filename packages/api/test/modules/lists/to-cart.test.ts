// A requisition list into the cart and the cart into a list (B2B §16): quantities judged as the cart judges them,
// deleted products rejected, the cart's 100 lines never passed (409 cart_full, nothing added), a 500-line list read
// and added in one call.
import type { Cart, CartWithRejected, List } from '@kestrel/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedBulkProducts } from '../catalog/bulk-products.js';
import { databases } from '../../helpers/databases.js';
import { addProduct, call } from '../../helpers/test-app.js';
import { createList, createListWorld, putLines, storedList, type ListWorld } from './list-fixtures.js';

const cartRows = (w: ListWorld, userId: string) =>
  w.t.app.db
    .selectFrom('cart_lines')
    .select(['product_id', 'quantity'])
    .where('user_id', '=', userId)
    .orderBy('product_id')
    .execute();

describe.each(databases)('requisition lists and the cart (%s)', (kind) => {
  let w: ListWorld;
  beforeEach(async () => {
    w = await createListWorld(kind);
  });
  afterEach(async () => w.t.close());

  it('adds the lines to the cart, rejecting deleted products and quantities the cart refuses', async () => {
    const gone = await addProduct(w.t.app, w.admin, { name: 'Gone', sku: 'KC-GONE-1', price: 3, quantity: 1 });
    const list = await createList(w, w.free, 'Plant 1', true);
    await putLines(w, w.free, list._id, [
      { productId: w.cpu, quantity: 50 },
      { productId: w.gear, quantity: 105 },
      { productId: w.scarce, quantity: 10 },
      { productId: gone, quantity: 2 },
    ]);
    expect((await call(w.t.app, 'DELETE', `/api/service/${gone}`, w.admin)).statusCode).toBe(200);

    const res = await call(w.t.app, 'POST', `/api/lists/${list._id}/to-cart`, w.limited);
    expect(res.statusCode, res.body).toBe(200);
    const cart = res.json<CartWithRejected>();
    expect(cart.rejected).toEqual([
      { index: 1, sku: 'KC-GEAR-9', message: 'order in packs of 10' },
      { index: 3, sku: 'KC-GONE-1', message: 'product not found' },
    ]);
    // Out of stock now is kept with its problem, as the cart keeps it.
    expect(cart.lines.map((l) => [l.sku, l.quantity, l.unitPrice, l.problem])).toEqual([
      ['KC-CPU-1', 50, 8, null],
      ['KC-SCARCE-1', 10, 5, 'cannot order less then 1 and greater than 5'],
    ]);
    expect(cart.total).toBe(400);

    // Again, only the CPU: quantities add up as in the cart; the list itself is unchanged.
    const again = await call(w.t.app, 'POST', `/api/lists/${list._id}/to-cart`, w.limited, { productIds: [w.cpu] });
    expect(again.json<CartWithRejected>()).toMatchObject({ rejected: [], total: 800 });
    expect(await cartRows(w, w.limited.id)).toEqual(
      [
        { product_id: w.cpu, quantity: 100 },
        { product_id: w.scarce, quantity: 10 },
      ].sort((a, b) => (a.product_id < b.product_id ? -1 : 1)),
    );
    expect((await storedList(w, list._id)).lines.map((l) => l.quantity)).toEqual([50, 105, 10, 2]);
    // A viewer reads the list, so may fill their own cart from it.
    expect((await call(w.t.app, 'POST', `/api/lists/${list._id}/to-cart`, w.viewer)).statusCode).toBe(200);
  });

  it('answers 409 cart_full and adds nothing when the cart would pass 100 lines', async () => {
    await seedBulkProducts(w.t.app, 101);
    const bulk = await w.t.app.db
      .selectFrom('products')
      .select('id')
      .where('sku', 'like', 'BULK-%')
      .orderBy('sku')
      .execute();
    const put = await call(w.t.app, 'PUT', '/api/cart', w.free, {
      lines: bulk.slice(0, 99).map((p) => ({ productId: p.id, quantity: 10 })),
    });
    expect(put.statusCode).toBe(200);
    const before = await cartRows(w, w.free.id);
    const list = await createList(w, w.free, 'Two more');
    await putLines(w, w.free, list._id, [
      { productId: bulk[99]?.id ?? '', quantity: 10 },
      { productId: bulk[100]?.id ?? '', quantity: 10 },
    ]);
    const res = await call(w.t.app, 'POST', `/api/lists/${list._id}/to-cart`, w.free, {});
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: { code: 'cart_full', message: 'A cart holds at most 100 lines' } });
    expect(await cartRows(w, w.free.id)).toEqual(before);
    // One of them fits: productIds orders a long list in parts.
    const part = await call(w.t.app, 'POST', `/api/lists/${list._id}/to-cart`, w.free, { productIds: [bulk[99]?.id] });
    expect(part.statusCode).toBe(200);
    expect(part.json<Cart>().lines).toHaveLength(100);
  });

  it('saves the cart as a list, leaving the cart as it is', async () => {
    const put = await call(w.t.app, 'PUT', '/api/cart', w.free, {
      lines: [
        { productId: w.gear, quantity: 100 },
        { productId: w.cpu, quantity: 5 },
      ],
    });
    expect(put.statusCode).toBe(200);
    const res = await call(w.t.app, 'POST', '/api/cart/list', w.free, { name: 'From the cart', shared: true });
    expect(res.statusCode, res.body).toBe(201);
    const list = res.json<List>();
    expect(list).toMatchObject({ name: 'From the cart', shared: true, companyId: w.companyId, createdBy: w.free.id });
    expect(list.lines.map((l) => [l.sku, l.quantity, l.unitPrice, l.note])).toEqual([
      ['KC-GEAR-9', 100, 20, null],
      ['KC-CPU-1', 5, 8, null],
    ]);
    expect(list.total).toBe(2040);
    expect((await cartRows(w, w.free.id)).length).toBe(2);
    expect((await call(w.t.app, 'GET', `/api/lists/${list._id}`, w.viewer)).statusCode).toBe(200);

    const empty = await call(w.t.app, 'POST', '/api/cart/list', w.owner, { name: 'Nothing' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ error: { code: 'cart_empty', message: 'Your cart is empty' } });
    await call(w.t.app, 'PUT', '/api/cart', w.outsider, { lines: [{ productId: w.cpu, quantity: 5 }] });
    const loner = await call(w.t.app, 'POST', '/api/cart/list', w.outsider, { name: 'Ours', shared: true });
    expect(loner.statusCode).toBe(400);
    // A viewer saves their cart as a private list of their own, but shares nothing with the company.
    await call(w.t.app, 'PUT', '/api/cart', w.viewer, { lines: [{ productId: w.cpu, quantity: 5 }] });
    const byViewer = await call(w.t.app, 'POST', '/api/cart/list', w.viewer, { name: 'Ours', shared: true });
    expect(byViewer.statusCode).toBe(403);
    expect(await w.t.app.db.selectFrom('requisition_lists').select('id').execute()).toEqual([{ id: list._id }]);
    const viewersOwn = await call(w.t.app, 'POST', '/api/cart/list', w.viewer, { name: 'Mine' });
    expect(viewersOwn.statusCode, viewersOwn.body).toBe(201);
    expect(viewersOwn.json<List>()).toMatchObject({ shared: false, companyId: null, createdBy: w.viewer.id });
  });

  it('reads a list of 500 lines and adds it to the cart in one call, in parts of at most 100', async () => {
    await seedBulkProducts(w.t.app, 501);
    const bulk = await w.t.app.db
      .selectFrom('products')
      .select('id')
      .where('sku', 'like', 'BULK-%')
      .orderBy('sku')
      .execute();
    const list = await createList(w, w.owner, 'Everything', true);
    const lines = bulk.slice(0, 500).map((p) => ({ productId: p.id, quantity: 10 }));
    const put = await putLines(w, w.owner, list._id, lines);
    expect(put.lines).toHaveLength(500);

    const read = await call(w.t.app, 'GET', `/api/lists/${list._id}`, w.limited);
    expect(read.statusCode).toBe(200);
    const body = read.json<List>();
    expect(body.lines).toHaveLength(500);
    expect(body.lines.every((l) => l.problem === null)).toBe(true);
    // seedBulkProducts prices part i at $10.00 + i cents; 10 of each.
    const expected = Array.from({ length: 500 }, (_, i) => (1_000 + i) * 10).reduce((a, b) => a + b, 0) / 100;
    expect(body.total).toBe(expected);

    const whole = await call(w.t.app, 'POST', `/api/lists/${list._id}/to-cart`, w.limited, {});
    expect(whole.statusCode).toBe(409);
    expect(await cartRows(w, w.limited.id)).toEqual([]);
    const part = await call(w.t.app, 'POST', `/api/lists/${list._id}/to-cart`, w.limited, {
      productIds: lines.slice(0, 100).map((l) => l.productId),
    });
    expect(part.statusCode).toBe(200);
    expect(part.json<CartWithRejected>().lines).toHaveLength(100);
    expect(await cartRows(w, w.limited.id)).toHaveLength(100);

    // 500 is the most: one more line, by SKU or in a PUT of 501, answers 409, and the list stays as it was.
    const more = await call(w.t.app, 'POST', `/api/lists/${list._id}/lines`, w.owner, {
      lines: [{ sku: 'BULK-000500', quantity: 10 }],
    });
    expect(more.statusCode).toBe(409);
    expect(more.json()).toEqual({ error: { code: 'too_many_lines', message: 'A list holds at most 500 lines' } });
    const tooMany = await call(w.t.app, 'PUT', `/api/lists/${list._id}/lines`, w.owner, {
      lines: bulk.map((p) => ({ productId: p.id, quantity: 10 })),
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ error: { code: 'too_many_lines', message: 'A list holds at most 500 lines' } });
    expect((await storedList(w, list._id)).lines).toHaveLength(500);
    // Adding to a line already there still works at the limit.
    const same = await call(w.t.app, 'POST', `/api/lists/${list._id}/lines`, w.owner, {
      lines: [{ sku: 'BULK-000000', quantity: 10 }],
    });
    expect(same.statusCode).toBe(200);
    expect(same.json<List>().lines[0]?.quantity).toBe(20);
  });
});
