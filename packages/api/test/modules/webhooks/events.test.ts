// B2B §9 on both databases: every event the shop emits reaches a subscribed receiver once, signed after Standard
// Webhooks 1.0 (checked with the standardwebhooks library), its data the order or product as the API answers it then;
// nothing is sent for a change that was rolled back, nor to an endpoint that did not ask for the event.
import { PRODUCTS_CSV_HEADER, type WebhookCreated } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrange, payByCard, placeOrder } from '../orders/lifecycle/lifecycle-fixtures.js';
import { databases } from '../../helpers/databases.js';
import { addProduct, call } from '../../helpers/test-app.js';
import { startReceiver, type Receiver } from './receiver.js';
import { createHookWorld, messagesOf, register, type HookWorld } from './webhook-fixtures.js';

describe.each(databases)('webhook events (%s)', (kind) => {
  let w: HookWorld;
  let all: Receiver;
  let shipping: Receiver;
  let hook: WebhookCreated;
  let shipHook: WebhookCreated;

  beforeAll(async () => {
    w = await createHookWorld(kind);
    all = await startReceiver();
    shipping = await startReceiver();
    hook = await register(w.app, w.admin, all.url);
    shipHook = await register(w.app, w.admin, shipping.url, ['order.shipped']);
  });
  afterAll(async () => {
    await w.t.close();
    await all.close();
    await shipping.close();
  });

  /** Delivers what is due and answers what `all` received since, verified. */
  async function deliveredSince(count: number) {
    await w.app.webhooks.deliverDue();
    return all.received.slice(count).map((r) => ({ ...all.verify(hook.secret, r), id: r.id }));
  }

  async function adminGet(url: string): Promise<unknown> {
    const res = await call(w.app, 'GET', url, w.admin);
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  it('answers the secret once, whsec_ and 32 random bytes, and never lists it', async () => {
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(hook.secret.slice(6), 'base64')).toHaveLength(32);
    expect(hook).toMatchObject({ url: all.url, events: ['*'], enabled: true });
    const list = await call(w.app, 'GET', '/api/admin/webhooks', w.admin);
    expect(list.json()).toEqual([
      {
        _id: hook._id,
        url: all.url,
        description: null,
        events: ['*'],
        enabled: true,
        disabledReason: null,
        createdAt: hook.createdAt,
      },
      {
        _id: shipHook._id,
        url: shipping.url,
        description: null,
        events: ['order.shipped'],
        enabled: true,
        disabledReason: null,
        createdAt: shipHook.createdAt,
      },
    ]);
    expect(list.body).not.toContain('whsec_');
  });

  it('delivers product.created, product.updated and product.deleted with the product as GET /api/service/{id}', async () => {
    const before = all.received.length;
    const id = await addProduct(w.app, w.admin, { name: 'Kestrel Fan Screw', quantity: 10, availableQuantity: 500 });
    const created = await adminGet(`/api/service/${id}`);
    const patched = await call(w.app, 'PATCH', `/api/service/${id}`, w.admin, { name: 'Kestrel Fan Screw M3' });
    expect(patched.statusCode).toBe(200);
    const updated = await adminGet(`/api/service/${id}`);
    expect((await call(w.app, 'DELETE', `/api/service/${id}`, w.admin)).statusCode).toBe(200);
    const got = await deliveredSince(before);
    expect(got.map((g) => [g.type, g.data])).toEqual([
      ['product.created', created],
      ['product.updated', updated],
      ['product.deleted', updated],
    ]);
    expect(new Set(got.map((g) => g.id)).size).toBe(3);
    for (const g of got) expect(g.id).toMatch(/^msg_[0-9a-f]{24}$/);
  });

  it('delivers product.created and product.updated for what a CSV import changed, none for its dry run', async () => {
    const importCsv = (rows: string[], dryRun = false) =>
      w.app.inject({
        method: 'POST',
        url: `/api/admin/products.csv${dryRun ? '?dryRun=true' : ''}`,
        headers: { ...w.admin.auth, 'content-type': 'text/csv' },
        payload: [PRODUCTS_CSV_HEADER.join(','), ...rows].join('\n'),
      });
    const kept = await addProduct(w.app, w.admin, { sku: 'KC-CSV-KEEP', name: 'Kept', price: 5 });
    const changed = await addProduct(w.app, w.admin, { sku: 'KC-CSV-EDIT', name: 'Edit me', price: 5 });
    await w.app.webhooks.deliverDue();
    const before = all.received.length;
    const exported = (await call(w.app, 'GET', '/api/admin/products.csv', w.admin)).body.split('\r\n');
    const rows = [
      exported.find((line) => line.startsWith('KC-CSV-KEEP,')) ?? '',
      (exported.find((line) => line.startsWith('KC-CSV-EDIT,')) ?? '').replace('Edit me', 'Edited'),
      'KC-CSV-NEW1,New one,Parts,7.00,10,1,,50,,First new part.,/api/images/demo/processor.png',
      'KC-CSV-NEW2,New two,Parts,8.00,10,1,,50,,Second new part.,/api/images/demo/processor.png',
    ];
    expect((await importCsv(rows, true)).json()).toMatchObject({ created: 2, updated: 1, unchanged: 1 });
    expect(await deliveredSince(before)).toEqual([]);
    expect((await importCsv(rows)).json()).toEqual({ created: 2, updated: 1 });
    const bySku = async (sku: string) =>
      ((await adminGet(`/api/service`)) as Array<{ _id: string; sku: string }>).find((p) => p.sku === sku);
    const got = await deliveredSince(before);
    expect(got.map((g) => [g.type, g.data])).toEqual([
      ['product.created', await bySku('KC-CSV-NEW1')],
      ['product.created', await bySku('KC-CSV-NEW2')],
      ['product.updated', await adminGet(`/api/service/${changed}`)],
    ]);
    expect(got.some((g) => (g.data as { _id: string })._id === kept)).toBe(false);
    // The same file again changes nothing and reports nothing.
    const after = all.received.length;
    expect((await importCsv(rows)).json()).toEqual({ created: 0, updated: 0 });
    expect(await deliveredSince(after)).toEqual([]);
  });

  it('delivers order.created, order.paid, order.shipped and order.delivered with the order as GET /api/orders/{id}', async () => {
    const before = all.received.length;
    const order = await placeOrder(w);
    const placed = await adminGet(`/api/orders/${order._id}`);
    expect(placed).toEqual(order);
    await payByCard(w, order._id);
    const paid = await adminGet(`/api/orders/${order._id}`);
    const ship = await call(w.app, 'POST', `/api/orders/${order._id}/ship`, w.admin, {
      carrier: 'DHL',
      trackingNumber: 'JD0001',
    });
    expect(ship.statusCode).toBe(200);
    const shipped = await adminGet(`/api/orders/${order._id}`);
    expect((await call(w.app, 'POST', `/api/orders/${order._id}/deliver`, w.alice)).statusCode).toBe(200);
    const delivered = await adminGet(`/api/orders/${order._id}`);
    const got = await deliveredSince(before);
    expect(got.map((g) => [g.type, g.data])).toEqual([
      ['order.created', placed],
      ['order.paid', paid],
      ['order.shipped', shipped],
      ['order.delivered', delivered],
    ]);
    // The endpoint that asked for order.shipped alone got that one, with the same webhook-id.
    expect(shipping.received.map((r) => shipping.verify(shipHook.secret, r).type)).toEqual(['order.shipped']);
    expect(shipping.received[0]?.id).toBe(got[2]?.id);
  });

  it('delivers order.cancelled and order.expired', async () => {
    const before = all.received.length;
    const cancelled = await placeOrder(w);
    expect(
      (await call(w.app, 'POST', `/api/orders/${cancelled._id}/cancel`, w.alice, { reason: 'wrong part' })).statusCode,
    ).toBe(200);
    const cancelledNow = await adminGet(`/api/orders/${cancelled._id}`);
    const expiring = await placeOrder(w);
    await arrange(w, expiring._id, { expires_at: '2020-01-01T00:00:00.000Z' });
    expect((await w.app.orders.expireDue()).expired).toBe(1);
    const expiredNow = await adminGet(`/api/orders/${expiring._id}`);
    const got = await deliveredSince(before);
    expect(got.map((g) => g.type)).toEqual(['order.created', 'order.cancelled', 'order.created', 'order.expired']);
    expect(got[1]?.data).toEqual(cancelledNow);
    expect(got[3]?.data).toEqual(expiredNow);
  });

  it('records a transition when the remembered endpoints are over a second old (read inside its transaction)', async () => {
    // On SQLite the transaction holds the only connection: reading the endpoints through another one never ended.
    const before = all.received.length;
    const order = await placeOrder(w);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const cancel = await call(w.app, 'POST', `/api/orders/${order._id}/cancel`, w.alice, {});
    expect(cancel.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const patched = await call(w.app, 'PATCH', `/api/service/${w.gpu}`, w.admin, { stockAdjustment: 5 });
    expect(patched.statusCode).toBe(200);
    expect((await deliveredSince(before)).map((g) => g.type)).toEqual([
      'order.created',
      'order.cancelled',
      'product.updated',
    ]);
  });

  it('records nothing for a change that was rolled back', async () => {
    const rows = (await messagesOf(w.app)).length;
    // An order beyond the stock, of one line and of two (both dialects' write paths), and a product edit that collides.
    const tooMany = await call(w.app, 'POST', '/api/orders', w.alice, {
      lines: [{ productId: w.gpu, quantity: 10_000_000 }],
      phone: '555-0100',
      address: '1 Dock Rd',
    });
    expect(tooMany.statusCode).toBe(400);
    const tooManyTwo = await call(w.app, 'POST', '/api/orders', w.alice, {
      lines: [
        { productId: w.gpu, quantity: 100 },
        { productId: w.psu, quantity: 10_000_000 },
      ],
      phone: '555-0100',
      address: '1 Dock Rd',
    });
    expect(tooManyTwo.statusCode).toBe(400);
    const gpu = (await call(w.app, 'GET', `/api/service/${w.gpu}`, w.admin)).json<{ sku: string }>();
    const clash = await call(w.app, 'PATCH', `/api/service/${w.psu}`, w.admin, { sku: gpu.sku });
    expect(clash.statusCode).toBe(409);
    expect(await messagesOf(w.app)).toHaveLength(rows);
  });
});
