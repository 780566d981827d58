// GET/POST /service and GET/DELETE /service/{id} on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@kestrel/shared';
import { databases } from '../../helpers/databases.js';
import { ADMIN, addProduct, call, createTestApp, logIn, type SignedIn, type TestApp } from '../../helpers/test-app.js';

describe.each(databases)('products on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    ids.push(
      await addProduct(t.app, admin, { name: 'Alpha SSD', price: 58.4, quantity: 1000, availableQuantity: 75000 }),
    );
    ids.push(await addProduct(t.app, admin, { name: 'Beta Fan', price: 6.25 }));
    ids.push(await addProduct(t.app, admin, { name: 'Gamma PSU', price: 0.1 }));
  });
  afterAll(() => t.close());

  it('lists products oldest first with dollar prices', async () => {
    const res = await call(t.app, 'GET', '/api/service');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        _id: ids[0],
        name: 'Alpha SSD',
        price: 58.4,
        img: '/api/images/demo/processor.png',
        quantity: 1000,
        availableQuantity: 75000,
        description: 'A part made for tests.',
        sku: `KC-${ids[0]?.slice(12).toUpperCase()}`,
        category: 'General',
        packSize: 1,
        maxQuantity: null,
        priceBreaks: [],
        updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      },
      expect.objectContaining({ _id: ids[1], name: 'Beta Fan', price: 6.25, availableQuantity: 10000 }),
      expect.objectContaining({ _id: ids[2], name: 'Gamma PSU', price: 0.1 }),
    ]);
  });

  it('pages and sorts with limit, offset and sort', async () => {
    const newest = await call(t.app, 'GET', '/api/service?sort=newest&limit=2');
    expect(newest.json().map((p: { _id: string }) => p._id)).toEqual([ids[2], ids[1]]);
    const page = await call(t.app, 'GET', '/api/service?limit=1&offset=1');
    expect(page.json().map((p: { _id: string }) => p._id)).toEqual([ids[1]]);
    const rest = await call(t.app, 'GET', '/api/service?offset=2');
    expect(rest.json().map((p: { _id: string }) => p._id)).toEqual([ids[2]]);
    const bad = await call(t.app, 'GET', '/api/service?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('validation_error');
  });

  it('reads one product; malformed id 400, unknown id 404', async () => {
    const res = await call(t.app, 'GET', `/api/service/${ids[1]}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Beta Fan');
    const malformed = await call(t.app, 'GET', '/api/service/not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: { code: 'validation_error', message: 'must be a 24-character id' } });
    const unknown = await call(t.app, 'GET', '/api/service/0123456789abcdef01234567');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'not_found', message: 'Product not found' } });
  });

  it('refuses invalid products with the form messages and stores nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { price: 5, description: 'd', img: '/x.png', quantity: 1000, availableQuantity: 10000 },
        messages.product.nameRequired,
      ],
      [
        { name: 'n', description: 'd', img: '/x.png', quantity: 1000, availableQuantity: 10000 },
        messages.product.priceRequired,
      ],
      [
        { name: 'n', price: 5, img: '/x.png', quantity: 1000, availableQuantity: 10000 },
        messages.product.descriptionRequired,
      ],
      [
        { name: 'n', price: 5, description: 'd', img: '/x.png', quantity: 2000, availableQuantity: 1000 },
        messages.product.minAboveStock,
      ],
      [
        { name: 'n', price: 5.001, description: 'd', img: '/x.png', quantity: 1, availableQuantity: 1 },
        messages.product.priceInvalid,
      ],
      [
        { name: 'n', price: 5, description: 'd', img: 'javascript:alert(1)', quantity: 1, availableQuantity: 1 },
        messages.product.imgInvalid,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await call(t.app, 'POST', '/api/service', admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'validation_error', message } });
    }
    expect((await call(t.app, 'GET', '/api/service')).json()).toHaveLength(3);
  });

  it('deletes a product by id (then 404), keeping the others', async () => {
    const id = await addProduct(t.app, admin, { name: 'Doomed Part' });
    const res = await call(t.app, 'DELETE', `/api/service/${id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect((await call(t.app, 'DELETE', `/api/service/${id}`, admin)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/service')).json().map((p: { _id: string }) => p._id)).toEqual(ids);
  });
});
