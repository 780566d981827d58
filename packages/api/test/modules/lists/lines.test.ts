// A requisition list's lines (B2B §16): priced now for the reader with the cart's pricing (contract prices, volume
// breaks), a problem per line at current stock, added by SKU as the cart adds (with `rejected`), bad input refused
// naming the field with nothing changed.
import type { List, ListWithRejected } from '@kestrel/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call } from '../../helpers/test-app.js';
import { createList, createListWorld, putLines, storedList, type ListWorld } from './list-fixtures.js';

describe.each(databases)('requisition list lines (%s)', (kind) => {
  let w: ListWorld;
  beforeEach(async () => {
    w = await createListWorld(kind);
  });
  afterEach(async () => w.t.close());

  it('prices each line for the reader, names every problem and totals the lines without one', async () => {
    const shared = await createList(w, w.free, 'Plant 1', true);
    const lines = [
      { productId: w.cpu, quantity: 50, note: '  bay 4  ' },
      { productId: w.gear, quantity: 200 },
      { productId: w.scarce, quantity: 10 },
    ];
    const list = await putLines(w, w.free, shared._id, lines);
    expect(list.lines).toEqual([
      {
        productId: w.cpu,
        sku: 'KC-CPU-1',
        name: 'CPU',
        quantity: 50,
        note: 'bay 4',
        unitPrice: 8,
        lineTotal: 400,
        problem: null,
        listPrice: 10,
        contractPrice: 8,
      },
      {
        productId: w.gear,
        sku: 'KC-GEAR-9',
        name: 'Gear',
        quantity: 200,
        note: null,
        unitPrice: 18.5,
        lineTotal: 3700,
        problem: null,
      },
      {
        productId: w.scarce,
        sku: 'KC-SCARCE-1',
        name: 'Scarce',
        quantity: 10,
        note: null,
        unitPrice: 5,
        lineTotal: 50,
        problem: 'cannot order less then 1 and greater than 5',
      },
    ]);
    expect(list.total).toBe(4100);

    // The same lines on the outsider's own list are priced at the list price: priced for the reader.
    const own = await createList(w, w.outsider, 'Alone');
    const outsiders = await putLines(w, w.outsider, own._id, lines);
    expect(outsiders.lines.map((l) => l.unitPrice)).toEqual([10, 18.5, 5]);
    expect(outsiders.total).toBe(4200);

    // A deleted product's line stays, named as it was, with its problem; it adds nothing to the total.
    expect((await call(w.t.app, 'DELETE', `/api/service/${w.gear}`, w.admin)).statusCode).toBe(200);
    const read = (await call(w.t.app, 'GET', `/api/lists/${shared._id}`, w.viewer)).json<List>();
    expect(read.lines[1]).toEqual({
      productId: w.gear,
      sku: 'KC-GEAR-9',
      name: 'Gear',
      quantity: 200,
      note: null,
      unitPrice: null,
      lineTotal: null,
      problem: 'product not found',
    });
    expect(read.total).toBe(400);
  });

  it('names a quantity below the minimum or not in whole packs as the cart does', async () => {
    const list = await createList(w, w.free, 'Mine');
    const read = await putLines(w, w.free, list._id, [
      { productId: w.gear, quantity: 50 },
      { productId: w.cpu, quantity: 3 },
    ]);
    expect(read.lines.map((l) => l.problem)).toEqual(['cannot order less then 100 and greater than 500', null]);
    const packs = await putLines(w, w.free, list._id, [{ productId: w.gear, quantity: 105 }]);
    expect(packs.lines.map((l) => l.problem)).toEqual(['order in packs of 10']);
    expect(packs.total).toBe(0);
  });

  it('adds lines by SKU as the cart does: refusals in rejected, one line per product, quantities adding up', async () => {
    const list = await createList(w, w.limited, 'Plant 1', true);
    await putLines(w, w.free, list._id, [{ productId: w.cpu, quantity: 50, note: 'bay 4' }]);
    const res = await call(w.t.app, 'POST', `/api/lists/${list._id}/lines`, w.limited, {
      lines: [
        { sku: 'kc-gear-9', quantity: 100 },
        { sku: 'NOPE-1', quantity: 1 },
        { sku: 'KC-GEAR-9', quantity: 105 },
        { sku: 'KC-CPU-1', quantity: 2.5 },
        { sku: 'KC-CPU-1', quantity: 5 },
        { sku: 'KC-GEAR-9', quantity: 50 },
        { sku: 'KC-CPU-1', quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ListWithRejected>();
    expect(body.rejected).toEqual([
      { index: 1, sku: 'NOPE-1', message: 'unknown SKU' },
      { index: 2, sku: 'KC-GEAR-9', message: 'order in packs of 10' },
      { index: 3, sku: 'KC-CPU-1', message: 'quantity must be a whole number' },
      { index: 5, sku: 'KC-GEAR-9', message: 'the minimum order is 100' },
    ]);
    expect(body.lines.map((l) => [l.sku, l.quantity, l.note])).toEqual([
      ['KC-CPU-1', 56, 'bay 4'],
      ['KC-GEAR-9', 100, null],
    ]);
    expect(body.total).toBe(56 * 8 + 100 * 20);
    expect((await storedList(w, list._id)).lines).toEqual([
      { product_id: w.cpu, quantity: 56, note: 'bay 4', position: 0 },
      { product_id: w.gear, quantity: 100, note: null, position: 1 },
    ]);
  });

  it('refuses bad input with a 400 naming the field, and changes nothing', async () => {
    const list = await createList(w, w.free, 'Plant 1', true);
    await putLines(w, w.free, list._id, [{ productId: w.cpu, quantity: 5 }]);
    const before = await storedList(w, list._id);
    const bad: Array<[string, string, unknown, string]> = [
      ['POST', '/api/lists', { name: '' }, 'name must be 1-100 characters on one line'],
      ['POST', '/api/lists', { name: 'x'.repeat(101) }, 'name must be 1-100 characters on one line'],
      ['POST', '/api/lists', { name: 'a\nb' }, 'name must be 1-100 characters on one line'],
      ['POST', '/api/lists', { name: 'x', shared: 'yes' }, 'shared must be true or false'],
      ['POST', '/api/cart/list', {}, 'name must be 1-100 characters on one line'],
      ['PATCH', `/api/lists/${list._id}`, {}, 'send name or shared'],
      ['PATCH', `/api/lists/${list._id}`, { name: ' ' }, 'name must be 1-100 characters on one line'],
      [
        'PUT',
        `/api/lists/${list._id}/lines`,
        { lines: [{ productId: w.cpu, quantity: 0 }] },
        'quantity must be at least 1',
      ],
      [
        'PUT',
        `/api/lists/${list._id}/lines`,
        { lines: [{ productId: w.cpu, quantity: 1.5 }] },
        'quantity must be a whole number',
      ],
      [
        'PUT',
        `/api/lists/${list._id}/lines`,
        { lines: [{ productId: w.cpu, quantity: 1, note: 'n'.repeat(501) }] },
        'note must be at most 500 characters',
      ],
      [
        'PUT',
        `/api/lists/${list._id}/lines`,
        {
          lines: [
            { productId: w.cpu, quantity: 1 },
            { productId: w.cpu, quantity: 2 },
          ],
        },
        'one line per product',
      ],
      [
        'PUT',
        `/api/lists/${list._id}/lines`,
        { lines: [{ productId: 'f'.repeat(24), quantity: 1 }] },
        'lines[0]: product not found',
      ],
      ['POST', `/api/lists/${list._id}/lines`, { lines: [] }, 'send at least one line'],
      ['POST', `/api/lists/${list._id}/to-cart`, { productIds: [] }, 'productIds must name at least one product'],
      ['POST', `/api/lists/${list._id}/to-cart`, { productIds: [w.cpu, w.gear] }, 'productIds[1] is not on this list'],
    ];
    for (const [method, url, body, message] of bad) {
      const res = await call(w.t.app, method as 'POST', url, w.free, body);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toBe(message);
    }
    expect(await storedList(w, list._id)).toEqual(before);
    expect(await w.t.app.db.selectFrom('requisition_lists').select('id').execute()).toEqual([{ id: list._id }]);
    expect(await w.t.app.db.selectFrom('cart_lines').selectAll().execute()).toEqual([]);
    const badId = await call(w.t.app, 'GET', '/api/lists/nope', w.free);
    expect(badId.statusCode).toBe(400);
  });

  it('documents every list call in the OpenAPI docs, generated from the shared schemas', async () => {
    const spec = (await w.t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>
      >;
    }>();
    const calls: Array<[string, string]> = [
      ['/api/lists', 'get'],
      ['/api/lists', 'post'],
      ['/api/lists/{id}', 'get'],
      ['/api/lists/{id}', 'patch'],
      ['/api/lists/{id}', 'delete'],
      ['/api/lists/{id}/lines', 'put'],
      ['/api/lists/{id}/lines', 'post'],
      ['/api/lists/{id}/to-cart', 'post'],
      ['/api/cart/list', 'post'],
    ];
    for (const [path, method] of calls) expect(spec.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    const create = spec.paths['/api/lists']?.['post']?.requestBody?.content['application/json']?.schema;
    expect(create?.required).toEqual(['name']);
  });
});
