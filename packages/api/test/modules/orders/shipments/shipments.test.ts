// B2B §14 on both databases: an order ships in parts (POST /api/orders/{id}/shipments), each shipment is delivered on
// its own, bad lines are refused all at once with nothing changed, §4's ship and deliver are one shipment of
// everything and a delivery of every shipment so far, and two shipments at once never ship a unit twice.
import type { Order } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveredUnits } from '../../../../src/modules/orders/delivered-units.js';
import { databases } from '../../../helpers/databases.js';
import { call } from '../../../helpers/test-app.js';
import { createWorld, mailsOf, orderIn, orderRow, post, stockOf, type World } from '../lifecycle/lifecycle-fixtures.js';

describe.each(databases)('shipments on %s', (kind) => {
  let w: World;
  let base: string;
  beforeAll(async () => {
    w = await createWorld(kind);
    base = await w.app.listen({ port: 0, host: '127.0.0.1' });
    // Every event recorded (an endpoint wants them all; delivery itself is the webhook tests').
    await w.app.webhooks.create({ url: 'https://93.184.216.34/hooks', events: ['*'] }, null);
  });
  afterAll(() => w.t.close());

  const ship = (id: string, lines: unknown, carrier = 'DHL', trackingNumber = 'JD-1') =>
    post(w, w.admin, `/api/orders/${id}/shipments`, { lines, carrier, trackingNumber });
  const eventsOf = async (id: string) =>
    (
      await w.app.db
        .selectFrom('webhook_messages')
        .select(['type', 'body'])
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    )
      .filter((m) => (JSON.parse(m.body) as { data: { _id: string } }).data._id === id)
      .map((m) => m.type);
  const linesOf = (o: Order) => o.lines.map((l) => [l.sku, l.quantity, l.shippedQuantity, l.cancelledQuantity]);

  it('ships an order in two parts and delivers each: numbers, statuses, quantities, mail, events', async () => {
    const order = await orderIn(w, 'confirmed');
    const stock = await stockOf(w);
    const first = await ship(
      order._id,
      [
        { productId: w.gpu, quantity: 150 },
        { productId: w.psu, quantity: 100 },
      ],
      'DHL',
      'JD-1',
    );
    expect(first.statusCode, first.body).toBe(200);
    const one: Order = first.json();
    expect([one.status, one.carrier, one.trackingNumber]).toEqual(['partially_shipped', 'DHL', 'JD-1']);
    expect(linesOf(one)).toEqual([
      [order.lines[0]?.sku, 200, 150, 0],
      [order.lines[1]?.sku, 300, 100, 0],
    ]);
    expect(one.shipments).toEqual([
      {
        _id: expect.stringMatching(/^[0-9a-f]{24}$/),
        number: `${order.number}-S1`,
        lines: [
          { productId: w.gpu, sku: order.lines[0]?.sku, quantity: 150 },
          { productId: w.psu, sku: order.lines[1]?.sku, quantity: 100 },
        ],
        carrier: 'DHL',
        trackingNumber: 'JD-1',
        shippedAt: expect.any(String),
        deliveredAt: null,
      },
    ]);
    const s1 = one.shipments[0]?._id ?? '';

    // The first shipment arrives; the order stays partly shipped.
    const arrived = await post(w, w.alice, `/api/orders/${order._id}/shipments/${s1}/deliver`);
    expect(arrived.statusCode, arrived.body).toBe(200);
    expect(arrived.json().status).toBe('partially_shipped');
    expect(arrived.json().shipments[0].deliveredAt).toEqual(expect.any(String));

    const second = await ship(
      order._id,
      [
        { productId: w.psu, quantity: 200 },
        { productId: w.gpu, quantity: 50 },
      ],
      'UPS',
      '1Z-2',
    );
    expect(second.statusCode, second.body).toBe(200);
    const two: Order = second.json();
    expect([two.status, two.carrier, two.trackingNumber]).toEqual(['shipped', 'UPS', '1Z-2']);
    expect(linesOf(two)).toEqual([
      [order.lines[0]?.sku, 200, 200, 0],
      [order.lines[1]?.sku, 300, 300, 0],
    ]);
    expect(two.shipments.map((s) => [s.number, s.lines.map((l) => l.quantity), s.carrier])).toEqual([
      [`${order.number}-S1`, [150, 100], 'DHL'],
      // Its lines in the order's line order, whatever order they were asked in.
      [`${order.number}-S2`, [50, 200], 'UPS'],
    ]);
    const s2 = two.shipments[1]?._id ?? '';
    const done = await post(w, w.admin, `/api/orders/${order._id}/shipments/${s2}/deliver`);
    expect(done.json().status).toBe('delivered');
    expect(done.json().statusHistory.map((s: { status: string }) => s.status)).toEqual([
      'pending',
      'confirmed',
      'partially_shipped',
      'shipped',
      'delivered',
    ]);
    // Shipping moves no stock: it was taken when the order was placed.
    expect(await stockOf(w)).toEqual(stock);

    const mails = (await mailsOf(w, order._id)).filter((m) => m.kind !== 'order-placed');
    expect(mails.map((m) => [m.dedupe_key, m.subject])).toEqual([
      [`order-shipped:${order._id}`, `Order ${order.number} partly shipped (PO PO-77)`],
      [`order-shipment-2:${order._id}`, `Order ${order.number} shipped (PO PO-77)`],
      [`order-delivered:${order._id}`, `Order ${order.number} delivered (PO PO-77)`],
    ]);
    expect(mails[0]?.text).toMatch(new RegExp(`Shipment: +${order.number}-S1`));
    expect(mails[0]?.text).toMatch(/Tracking number: +JD-1/);
    expect(mails[0]?.text).toMatch(/150 units/);
    expect(mails[0]?.text).toMatch(/250 more units will follow/);
    expect(mails[1]?.text).toMatch(/Tracking number: +1Z-2/);
    expect(await eventsOf(order._id)).toEqual([
      'order.created',
      'order.partially_shipped',
      'order.shipped',
      'order.delivered',
    ]);

    // What returns count on: per product, the units delivered with each shipment's delivery time.
    const units = deliveredUnits(done.json());
    expect(units.get(w.gpu)?.deliveries.map((d) => [d.shipmentNumber, d.quantity])).toEqual([
      [`${order.number}-S1`, 150],
      [`${order.number}-S2`, 50],
    ]);
    expect([units.get(w.gpu)?.quantity, units.get(w.psu)?.quantity]).toEqual([200, 300]);
  });

  it('refuses bad lines all at once, naming each, and changes nothing', async () => {
    const order = await orderIn(w, 'confirmed');
    await ship(order._id, [{ productId: w.gpu, quantity: 200 }]);
    const before = await call(w.app, 'GET', `/api/orders/${order._id}`, w.admin);
    const row = await orderRow(w, order._id);
    const res = await ship(order._id, [
      { productId: w.gpu, quantity: 1 },
      { productId: w.psu, quantity: 301 },
      { productId: w.psu, quantity: 0 },
      { productId: 'aaaaaaaaaaaaaaaaaaaaaaaa', quantity: 1 },
      { productId: w.psu, quantity: 1.5 },
    ]);
    expect([res.statusCode, res.json()]).toEqual([
      400,
      {
        error: {
          code: 'shipment_lines_invalid',
          message: 'Some lines of the shipment cannot be shipped',
          lines: [
            { index: 0, productId: w.gpu, message: 'every unit of this line has shipped' },
            { index: 1, productId: w.psu, message: 'quantity must be at most 300, the units not yet shipped' },
            { index: 2, productId: w.psu, message: 'one line per product' },
            { index: 3, productId: 'aaaaaaaaaaaaaaaaaaaaaaaa', message: 'this order has no line of that product' },
            { index: 4, productId: w.psu, message: 'one line per product' },
          ],
        },
      },
    ]);
    const zero = await ship(order._id, [{ productId: w.psu, quantity: 0 }]);
    expect(zero.json().error.lines).toEqual([{ index: 0, productId: w.psu, message: 'quantity must be at least 1' }]);
    const part = await ship(order._id, [{ productId: w.psu, quantity: 2.5 }]);
    expect(part.json().error.lines).toEqual([
      { index: 0, productId: w.psu, message: 'quantity must be a whole number' },
    ]);
    const none = await ship(order._id, []);
    expect([none.statusCode, none.json().error.message]).toEqual([400, 'a shipment needs at least one line']);
    const noCarrier = await post(w, w.admin, `/api/orders/${order._id}/shipments`, {
      lines: [{ productId: w.psu, quantity: 1 }],
      trackingNumber: 'T',
    });
    expect(noCarrier.statusCode).toBe(400);
    expect(await orderRow(w, order._id)).toEqual(row);
    expect((await call(w.app, 'GET', `/api/orders/${order._id}`, w.admin)).json()).toEqual(before.json());
  });

  it('ships from confirmed or partly shipped only (409), and only staff who ship (403; others 404)', async () => {
    for (const status of ['pending', 'shipped', 'delivered', 'cancelled'] as const) {
      const order = await orderIn(w, status);
      const res = await ship(order._id, [{ productId: w.gpu, quantity: 1 }]);
      expect(res.statusCode, status).toBe(409);
      expect(res.json().error.code).toBe('invalid_transition');
    }
    const order = await orderIn(w, 'confirmed');
    const buyer = await post(w, w.alice, `/api/orders/${order._id}/shipments`, {
      lines: [{ productId: w.gpu, quantity: 1 }],
      carrier: 'DHL',
      trackingNumber: 'T',
    });
    expect(buyer.statusCode).toBe(403);
    const other = await post(w, w.bob, `/api/orders/${order._id}/shipments`, {
      lines: [{ productId: w.gpu, quantity: 1 }],
      carrier: 'DHL',
      trackingNumber: 'T',
    });
    expect(other.statusCode).toBe(404);
    expect((await orderRow(w, order._id)).status).toBe('confirmed');
  });

  it("§4's ship ships every unit as one shipment; §4's deliver delivers every shipment so far", async () => {
    const order = await orderIn(w, 'confirmed');
    const res = await post(w, w.admin, `/api/orders/${order._id}/ship`, { carrier: 'DHL', trackingNumber: 'T-9' });
    const shipped: Order = res.json();
    expect([shipped.status, shipped.shipments.map((s) => [s.number, s.lines.map((l) => l.quantity)])]).toEqual([
      'shipped',
      [[`${order.number}-S1`, [200, 300]]],
    ]);

    // A partly shipped order: §4's deliver marks both shipments delivered and the order stays partly shipped.
    const part = await orderIn(w, 'confirmed');
    await ship(part._id, [{ productId: w.gpu, quantity: 10 }]);
    await ship(part._id, [{ productId: w.gpu, quantity: 20 }]);
    const delivered = await post(w, w.alice, `/api/orders/${part._id}/deliver`);
    const after: Order = delivered.json();
    expect([after.status, after.shipments.map((s) => s.deliveredAt !== null)]).toEqual([
      'partially_shipped',
      [true, true],
    ]);
    // Nothing more awaits delivery: 409, as for any order it cannot deliver.
    const again = await post(w, w.alice, `/api/orders/${part._id}/deliver`);
    expect([again.statusCode, again.json().error.message]).toEqual([
      409,
      'An order that is partially shipped cannot be marked delivered',
    ]);
    const s1 = after.shipments[0]?._id ?? '';
    const twice = await post(w, w.alice, `/api/orders/${part._id}/shipments/${s1}/deliver`);
    expect([twice.statusCode, twice.json().error.message]).toEqual([409, 'This shipment is already delivered']);
    const unknown = await post(w, w.alice, `/api/orders/${part._id}/shipments/${order._id}/deliver`);
    expect([unknown.statusCode, unknown.json().error.message]).toEqual([404, 'Shipment not found']);
    const outsider = await post(w, w.bob, `/api/orders/${part._id}/shipments/${s1}/deliver`);
    expect(outsider.statusCode).toBe(404);

    // The rest ships: `shipped`, with one shipment awaiting delivery; §4's deliver ends it `delivered`.
    const rest = await ship(part._id, [
      { productId: w.gpu, quantity: 170 },
      { productId: w.psu, quantity: 300 },
    ]);
    expect(rest.json().status).toBe('shipped');
    const end = await post(w, w.alice, `/api/orders/${part._id}/deliver`);
    expect([end.json().status, end.json().shipments.length]).toEqual(['delivered', 3]);
  });

  it('partially_shipped is a status of the order desk, orders.csv, the full list and the stats', async () => {
    const order = await orderIn(w, 'confirmed');
    await ship(order._id, [{ productId: w.gpu, quantity: 1 }]);
    const desk = await call(w.app, 'GET', '/api/orders/search?status=partially_shipped&pageSize=100', w.admin);
    expect(desk.statusCode, desk.body).toBe(200);
    const items: Order[] = desk.json().items;
    expect(items.map((o) => o._id)).toContain(order._id);
    expect(new Set(items.map((o) => o.status))).toEqual(new Set(['partially_shipped']));
    // The desk's answer carries the shipments as the order page does.
    expect(items.find((o) => o._id === order._id)?.shipments.map((s) => s.number)).toEqual([`${order.number}-S1`]);
    const csv = await call(w.app, 'GET', '/api/orders.csv?status=partially_shipped', w.admin);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain(order.number);
    const full = await call(w.app, 'GET', '/api/order?status=partially_shipped', w.admin);
    const listed: Order[] = full.json();
    expect(listed.find((o) => o._id === order._id)?.shipments.length).toBe(1);
    expect(new Set(listed.map((o) => o.status))).toEqual(new Set(['partially_shipped']));
    const stats = await call(w.app, 'GET', '/api/admin/stats', w.admin);
    expect(stats.json().ordersByStatus.partially_shipped).toBe(listed.length);
    const bad = await call(w.app, 'GET', '/api/orders.csv?status=partly', w.admin);
    expect(bad.statusCode).toBe(400);
  });

  it('two shipments at once over HTTP never ship more than the order holds', async () => {
    const order = await orderIn(w, 'confirmed');
    // Eight shipments of 60 of 200 GPU brackets at once: three fit (180), the others are refused.
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        fetch(`${base}/api/orders/${order._id}/shipments`, {
          method: 'POST',
          headers: { ...w.admin.auth, 'content-type': 'application/json' },
          body: JSON.stringify({
            lines: [{ productId: w.gpu, quantity: 60 }],
            carrier: 'DHL',
            trackingNumber: `T-${i}`,
          }),
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 400, 400, 400, 400, 400]);
    const read: Order = (await call(w.app, 'GET', `/api/orders/${order._id}`, w.admin)).json();
    expect(read.lines.map((l) => l.shippedQuantity)).toEqual([180, 0]);
    expect(read.shipments.map((s) => s.number)).toEqual([1, 2, 3].map((n) => `${order.number}-S${n}`));
    expect(read.status).toBe('partially_shipped');

    // Two that each ship the rest at once: exactly one does.
    const rest = await Promise.all(
      [0, 1].map((i) =>
        fetch(`${base}/api/orders/${order._id}/shipments`, {
          method: 'POST',
          headers: { ...w.admin.auth, 'content-type': 'application/json' },
          body: JSON.stringify({
            lines: [
              { productId: w.gpu, quantity: 20 },
              { productId: w.psu, quantity: 300 },
            ],
            carrier: 'DHL',
            trackingNumber: `R-${i}`,
          }),
        }),
      ),
    );
    // The second finds the order shipped (nothing left to ship from): 409.
    expect(rest.map((a) => a.status).sort()).toEqual([200, 409]);
    const end: Order = (await call(w.app, 'GET', `/api/orders/${order._id}`, w.admin)).json();
    expect([end.status, end.lines.map((l) => l.shippedQuantity), end.shipments.length]).toEqual([
      'shipped',
      [200, 300],
      4,
    ]);
  });
});
