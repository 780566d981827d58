// Orders on both databases: server-computed totals, the quantity range, stock reserved and given back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, orderRangeMessage } from '@kestrel/shared';
import { markOrderPaid } from '../../../src/modules/orders/repository.js';
import { databases } from '../../helpers/databases.js';
import { addProduct, call, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import { buildWorld } from '../../helpers/world.js';

describe.each(databases)('orders on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let ann: SignedIn;
  let bob: SignedIn;
  let ssd: string;

  const stock = async (id: string) => (await call(t.app, 'GET', `/api/service/${id}`)).json().availableQuantity;
  const order = (who: SignedIn, body: Record<string, unknown>) => call(t.app, 'POST', '/api/order', who, body);

  beforeAll(async () => {
    ({
      t,
      admin,
      people: { ann, bob },
      products: { ssd },
    } = await buildWorld(kind, {
      people: { ann: ['Ann Buyer', 'ann@example.com'], bob: ['Bob Buyer', 'bob@example.com'] },
      products: { ssd: { name: 'NVMe SSD', price: 58.4, quantity: 1000, availableQuantity: 5000 } },
    }));
  });
  afterAll(() => t.close());

  it('computes the total on the server and takes identity from the token', async () => {
    const res = await order(ann, {
      productId: ssd,
      inputQuantity: 1500,
      phone: '+1 555 0100',
      address: '1 Main St',
      price: 0.01,
      email: 'mallory@example.com',
      userName: 'Mallory',
      itemName: 'Free stuff',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.order).toEqual({
      _id: body.insertedId,
      number: `SO-${new Date().getUTCFullYear()}-000001`,
      productId: ssd,
      itemName: 'NVMe SSD',
      inputQuantity: 1500,
      quantity: 1500,
      email: 'ann@example.com',
      userName: 'Ann Buyer',
      phone: '+1 555 0100',
      address: '1 Main St',
      price: 87600,
      paid: false,
      transactionId: null,
      createdAt: body.order.createdAt,
      lines: [
        {
          productId: ssd,
          sku: expect.stringMatching(/^KC-/),
          name: 'NVMe SSD',
          quantity: 1500,
          unitPrice: 58.4,
          lineTotal: 87600,
          shippedQuantity: 0,
          cancelledQuantity: 0,
          returnedQuantity: 0,
        },
      ],
      poNumber: null,
      note: null,
      status: 'pending',
      statusHistory: [{ status: 'pending', at: body.order.createdAt }],
      paymentTerms: 'card',
      dueDate: null,
      expiresAt: new Date(Date.parse(body.order.createdAt) + 2880 * 60_000).toISOString(),
      carrier: null,
      trackingNumber: null,
      shipments: [],
      invoiceNumber: null,
      companyId: null,
      refunded: false,
      cancelReason: null,
      creditNoteNumber: null,
      creditNotes: [],
      refundedTotal: 0,
      quoteId: null,
      source: 'web',
      shipTo: null,
      // B2B §13: with no rates configured, no tax; the price is the subtotal.
      subtotal: 87600,
      taxName: null,
      taxRate: 0,
      taxTotal: 0,
      reverseCharge: false,
      taxExemptionId: null,
      updatedAt: body.order.createdAt,
    });
    expect(body.order.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await stock(ssd)).toBe(3500);
  });

  it('refuses quantities outside the range with the SPEC message and keeps the stock', async () => {
    for (const inputQuantity of [999, 3501]) {
      const res = await order(ann, { productId: ssd, inputQuantity, phone: '1', address: 'a' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'quantity_out_of_range', message: orderRangeMessage(1000, 3500) } });
      expect(res.json().error.message).toBe('cannot order less then 1000 and greater than 3500');
    }
    expect(await stock(ssd)).toBe(3500);
  });

  it('validates the order fields and the product id', async () => {
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ inputQuantity: 1000, phone: '1', address: 'a' }, 400, 'productId is Required'],
      [{ productId: ssd, phone: '1', address: 'a' }, 400, messages.order.quantityRequired],
      [{ productId: ssd, inputQuantity: 1000, address: 'a' }, 400, messages.order.phoneRequired],
      [{ productId: ssd, inputQuantity: 1000, phone: '1', address: '  ' }, 400, messages.order.addressRequired],
      [
        { productId: 'nope', inputQuantity: 1000, phone: '1', address: 'a' },
        400,
        'productId must be a 24-character id',
      ],
      [
        { productId: '0123456789abcdef01234567', inputQuantity: 1000, phone: '1', address: 'a' },
        404,
        'Product not found',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await order(ann, body);
      expect(res.statusCode).toBe(status);
      expect(res.json().error.message).toBe(message);
    }
    expect(await stock(ssd)).toBe(3500);
  });

  it('lists orders: all for the admin, own by e-mail, one by id (others 404)', async () => {
    const bobs = (await order(bob, { productId: ssd, inputQuantity: 1000, phone: '2', address: 'b' })).json();
    const all = await call(t.app, 'GET', '/api/order', admin);
    expect(all.json().map((o: { email: string }) => o.email)).toEqual(['ann@example.com', 'bob@example.com']);
    const own = await call(t.app, 'GET', '/api/orders?email=BOB@example.com', bob);
    expect(own.json().map((o: { _id: string }) => o._id)).toEqual([bobs.insertedId]);
    const byAdmin = await call(t.app, 'GET', '/api/orders?email=bob@example.com', admin);
    expect(byAdmin.json()).toEqual(own.json());
    expect((await call(t.app, 'GET', '/api/orders?email=bob@example.com', ann)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/orders/${bobs.insertedId}`, bob)).json()).toEqual(bobs.order);
    expect((await call(t.app, 'GET', `/api/orders/${bobs.insertedId}`, admin)).statusCode).toBe(200);
    const hidden = await call(t.app, 'GET', `/api/orders/${bobs.insertedId}`, ann);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ error: { code: 'not_found', message: 'Order not found' } });
    expect((await call(t.app, 'GET', '/api/orders/xyz', bob)).statusCode).toBe(400);
    expect(await stock(ssd)).toBe(2500);
  });

  it('deletes an unpaid order by id and gives its stock back; paid 409; others 404', async () => {
    const placed = (await order(ann, { productId: ssd, inputQuantity: 1200, phone: '1', address: 'a' })).json();
    expect(await stock(ssd)).toBe(1300);
    expect((await call(t.app, 'DELETE', `/api/order/${placed.insertedId}`, bob)).statusCode).toBe(404);
    const res = await call(t.app, 'DELETE', `/api/order/${placed.insertedId}`, ann);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deletedCount: 1 });
    expect(await stock(ssd)).toBe(2500);
    expect((await call(t.app, 'DELETE', `/api/order/${placed.insertedId}`, ann)).statusCode).toBe(404);

    const paid = (await order(ann, { productId: ssd, inputQuantity: 1000, phone: '1', address: 'a' })).json();
    const at = new Date().toISOString();
    expect(
      await markOrderPaid(t.app.db, paid.insertedId, 'txn_123', at, JSON.stringify([{ status: 'confirmed', at }])),
    ).toBe(true);
    const refused = await call(t.app, 'DELETE', `/api/order/${paid.insertedId}`, ann);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: { code: 'order_paid', message: 'A paid order cannot be deleted' } });
    expect(await stock(ssd)).toBe(1500);
    const shown = (await call(t.app, 'GET', `/api/orders/${paid.insertedId}`, ann)).json();
    expect([shown.paid, shown.transactionId]).toEqual([true, 'txn_123']);
  });

  it('keeps orders of a deleted product, with its item name and no product id', async () => {
    const fan = await addProduct(t.app, admin, {
      name: 'Case Fan',
      price: 6.25,
      quantity: 1000,
      availableQuantity: 1000,
    });
    const placed = (await order(ann, { productId: fan, inputQuantity: 1000, phone: '1', address: 'a' })).json();
    expect(placed.order.price).toBe(6250);
    expect(await stock(fan)).toBe(0);
    const sold = await order(ann, { productId: fan, inputQuantity: 1000, phone: '1', address: 'a' });
    expect(sold.json().error.message).toBe('cannot order less then 1000 and greater than 0');
    expect((await call(t.app, 'DELETE', `/api/service/${fan}`, admin)).json()).toEqual({ deletedCount: 1 });
    const kept = (await call(t.app, 'GET', `/api/orders/${placed.insertedId}`, ann)).json();
    expect([kept.itemName, kept.productId]).toEqual(['Case Fan', null]);
    expect((await call(t.app, 'DELETE', `/api/order/${placed.insertedId}`, ann)).json()).toEqual({ deletedCount: 1 });
  });
});
