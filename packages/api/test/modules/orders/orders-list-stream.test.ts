// SPEC's full order list, GET /api/order (issue 47), on SQLite and PostgreSQL: streamed a page at a time, its body is
// byte for byte what the list built whole answered: every order in creation order with its lines in line order,
// written by the same response schema. The expected body is built here the old way (all orders and all lines read at
// once, mapped with the service's toOrder, serialized as orderSchema.array()), over more orders than one page holds,
// from orders placed through the API (paid, cancelled, multi-line, a company's) and orders written in bulk with 0-3
// lines, nulls and odd cents.
import { orderSchema, type OrderStatus } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSerializer } from '../../../src/infra/http/serialize.js';
import { FULL_LIST_PAGE_SIZE } from '../../../src/modules/orders/full-list.js';
import { toOrder } from '../../../src/modules/orders/service.js';
import { databases } from '../../helpers/databases.js';
import { call, logIn, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import { buildWorld } from '../../helpers/world.js';
import { createKey } from '../../integration/key-fixtures.js';

const BULK = FULL_LIST_PAGE_SIZE + 250;
const STATUSES: OrderStatus[] = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled'];
const where = { phone: '+1 555 0100', address: '1 Dock Road' };

describe.each(databases)('GET /api/order streamed on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;

  /** The old answer: the whole list read at once, as listAllOrders and linesOfOrdersOf did, through the same schema. */
  async function oldBody(status?: OrderStatus): Promise<string> {
    let query = t.app.db.selectFrom('orders').selectAll();
    if (status) query = query.where('status', '=', status);
    const rows = await query.orderBy('id', 'asc').execute();
    const lines = await t.app.db.selectFrom('order_lines').selectAll().orderBy('order_id').orderBy('line_no').execute();
    const byOrder = new Map<string, typeof lines>();
    for (const line of lines) byOrder.set(line.order_id, [...(byOrder.get(line.order_id) ?? []), line]);
    return compileSerializer(orderSchema.array())(rows.map((r) => toOrder(r, byOrder.get(r.id) ?? [])));
  }

  beforeAll(async () => {
    const world = await buildWorld(kind, {
      people: { ann: ['Ann "Quotes" Ó Buyer', 'ann@example.com'] },
      products: {
        cpu: { name: 'CPU', price: 10.01, quantity: 1, availableQuantity: 10_000 },
        fan: {
          name: 'Fan <120mm>',
          price: 3.33,
          quantity: 2,
          availableQuantity: 10_000,
        },
      },
    });
    ({ t, admin } = world);
    const {
      people: { ann },
      products: { cpu, fan },
    } = world;
    // Orders through the API: one line, several lines, a PO number, then paid, shipped or cancelled by the admin.
    const placed: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await call(t.app, 'POST', '/api/orders', ann, {
        lines:
          i % 2
            ? [{ productId: cpu, quantity: 1 + i }]
            : [
                { productId: cpu, quantity: 1 },
                { productId: fan, quantity: 2 * i + 2 },
              ],
        ...where,
        ...(i % 3 ? { poNumber: `PO-${i}` } : {}),
      });
      expect(res.statusCode, res.body).toBe(201);
      placed.push(res.json().order._id);
    }
    for (const id of placed.slice(0, 3)) {
      const res = await call(t.app, 'POST', `/api/orders/${id}/cancel`, admin, { reason: 'Asked by the buyer' });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Orders in bulk, more than a page, interleaved in id order with none of the API's: 0-3 lines each.
    const at = Date.parse('2026-02-01T00:00:00Z');
    const orders = Array.from({ length: BULK }, (_, i) => {
      const created = new Date(at + i * 61_000).toISOString();
      return {
        id: `0${String(i).padStart(23, '0')}`,
        number: `SO-2019-${String(i + 1).padStart(6, '0')}`,
        product_id: i % 5 === 0 ? null : cpu,
        user_id: ann.id,
        item_name: i % 7 === 0 ? 'Kühler "Pro" – 120 mm' : 'CPU',
        quantity: 1 + (i % 9),
        unit_price_cents: 1001,
        total_cents: 1 + i * 997,
        email: 'ann@example.com',
        user_name: 'Ann',
        phone: '1',
        address: i % 11 === 0 ? 'Line one\nLine two' : 'a',
        paid_at: i % 4 === 0 ? null : created,
        transaction_id: i % 4 === 0 ? null : `tx_${i}`,
        created_at: created,
        po_number: i % 3 === 0 ? null : `PO/${i}`,
        note: i % 13 === 0 ? 'Leave at dock 4 \u2028 please' : null,
        status: STATUSES[i % STATUSES.length] ?? 'pending',
        status_history: JSON.stringify([{ status: 'pending', at: created }]),
        payment_terms: i % 6 === 0 ? ('account' as const) : ('card' as const),
        due_date: i % 6 === 0 ? created : null,
        expires_at: null,
        carrier: i % 8 === 0 ? 'UPS' : null,
        tracking_number: i % 8 === 0 ? `1Z${i}` : null,
        invoice_number: i % 10 === 0 ? `INV-2026-${i}` : null,
        company_id: null,
        refunded_at: null,
        cancel_reason: null,
        credit_note_number: null,
        credit_note_at: null,
        quote_id: null,
        updated_at: created,
      };
    });
    const lines = orders.flatMap((o, i) =>
      Array.from({ length: i % 4 }, (_, n) => ({
        order_id: o.id,
        line_no: n,
        product_id: n === 2 ? null : cpu,
        sku: `KC-${n}`,
        name: `Part ${n}`,
        quantity: n + 1,
        unit_price_cents: 105 + i,
        line_total_cents: (n + 1) * (105 + i),
      })),
    );
    for (let i = 0; i < orders.length; i += 200)
      await t.app.db
        .insertInto('orders')
        .values(orders.slice(i, i + 200))
        .execute();
    for (let i = 0; i < lines.length; i += 200)
      await t.app.db
        .insertInto('order_lines')
        .values(lines.slice(i, i + 200))
        .execute();
  });
  afterAll(() => t.close());

  it('answers the admin exactly what the whole list answered', async () => {
    const res = await call(t.app, 'GET', '/api/order', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const expected = await oldBody();
    expect(JSON.parse(expected)).toHaveLength(BULK + 12);
    expect(res.body).toBe(expected);
  });

  it.each(STATUSES)('answers the orders in status %s exactly as before', async (status) => {
    const res = await call(t.app, 'GET', `/api/order?status=${status}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(await oldBody(status));
  });

  it('answers an orders:read key the same, and an empty list as []', async () => {
    const key = await createKey(t.app, admin, 'ERP', ['orders:read']);
    const res = await call(t.app, 'GET', '/api/order', key.caller);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(await oldBody());
    const none = await call(t.app, 'GET', '/api/order?status=awaiting_approval', admin);
    expect([none.statusCode, none.body]).toEqual([200, '[]']);
  });

  it('still refuses a customer and keeps the poll', async () => {
    const ann = await logIn(t.app, 'ann@example.com', 'password-123');
    expect((await call(t.app, 'GET', '/api/order', ann)).statusCode).toBe(403);
    const poll = await call(t.app, 'GET', '/api/order?updatedSince=2026-01-01T00:00:00Z&limit=5', admin);
    expect(poll.statusCode).toBe(200);
    expect(poll.json()).toHaveLength(5);
  });
});
