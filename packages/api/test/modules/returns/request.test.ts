// B2B §14's return request on both databases: who may ask, which units (delivered, within RETURN_DAYS of the delivery,
// not held by another return), the answer's shape and its RMA number, the mail and the event; every refusal names
// its lines and writes nothing; two requests for the same units at once: one wins.
import { returnSchema } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { ADMIN, addProduct, call, createTestApp, logIn, signUp } from '../../helpers/test-app.js';
import { placed } from '../orders/company-ordering/fixtures.js';
import {
  ageDelivery,
  createReturnsWorld,
  deliveredByCard,
  deliveredOnAccount,
  post,
  reasonLine,
  requested,
  returnEvents,
  returnMails,
  type ReturnsWorld,
} from './return-fixtures.js';

const YEAR = new Date().getUTCFullYear();

describe.each(databases)('asking for a return on %s', (kind) => {
  let w: ReturnsWorld;
  beforeAll(async () => {
    w = await createReturnsWorld(kind);
  });
  afterAll(() => w.t.close());

  const returnCount = async () =>
    Number(
      (
        await w.t.app.db
          .selectFrom('returns')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers the return in B2B §14 shape with the next RMA number, mails whoever asked and records the event', async () => {
    const order = await deliveredOnAccount(w, w.free, 10);
    const res = await post(w, w.free, `/api/orders/${order._id}/returns`, {
      lines: [reasonLine(w.cpu, 3)],
      note: '  Box crushed  ',
    });
    expect(res.statusCode).toBe(201);
    const made = returnSchema.strict().parse(res.json());
    expect(made).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      number: `RMA-${YEAR}-000001`,
      orderId: order._id,
      orderNumber: order.number,
      status: 'requested',
      lines: [
        {
          productId: w.cpu,
          sku: 'KC-CPU-1',
          name: 'CPU',
          quantity: 3,
          reason: 'damaged in transit',
          receivedQuantity: 0,
          restockedQuantity: 0,
        },
      ],
      note: 'Box crushed',
      refundTotal: 0,
      creditNoteNumber: null,
      createdAt: made.createdAt,
      updatedAt: made.createdAt,
    });
    const mails = await returnMails(w, made._id);
    expect(mails.map((m) => [m.dedupe_key, m.to_address, m.subject])).toEqual([
      [`return-requested:${made._id}`, 'fay@example.com', `Return RMA-${YEAR}-000001 requested`],
    ]);
    expect(mails[0]?.text).toContain(`3 unit(s) of order ${order.number}`);
    expect(await returnEvents(w, made._id)).toEqual(['return.requested']);

    const next = await requested(w, w.free, order._id, [reasonLine(w.cpu, 2)]);
    expect(next.number).toBe(`RMA-${YEAR}-000002`);
    // The order's lines count no units returned until they are received.
    const read = (await call(w.t.app, 'GET', `/api/orders/${order._id}`, w.free)).json();
    expect(read.lines[0].returnedQuantity).toBe(0);
  });

  it("lets the order's buyer, its company's owners and other buyers ask; refuses viewers, staff and outsiders", async () => {
    const order = await deliveredOnAccount(w, w.free, 10);
    const url = `/api/orders/${order._id}/returns`;
    const body = { lines: [reasonLine(w.cpu, 1)] };
    expect((await post(w, undefined, url, body)).statusCode).toBe(401);
    const viewer = await post(w, w.viewer, url, body);
    expect([viewer.statusCode, viewer.json().error.code]).toEqual([403, 'forbidden']);
    const admin = await post(w, w.admin, url, body);
    expect([admin.statusCode, admin.json().error.message]).toEqual([
      403,
      "Only the order's buyer, or its company's owners and buyers, can ask for a return",
    ]);
    expect((await post(w, w.outsider, url, body)).statusCode).toBe(404);
    expect((await post(w, w.owner, url, body)).statusCode).toBe(201);
    expect((await post(w, w.limited, url, body)).statusCode).toBe(201);
    expect((await post(w, w.free, url, body)).statusCode).toBe(201);
    // A personal card order is its buyer's alone: the company's owner does not see it.
    const own = await deliveredByCard(w, 4);
    expect((await post(w, w.owner, `/api/orders/${own._id}/returns`, body)).statusCode).toBe(404);
    expect((await post(w, w.outsider, `/api/orders/${own._id}/returns`, body)).statusCode).toBe(201);
  });

  it('refuses units not delivered, not in the order, more than delivered or already held, naming each line', async () => {
    const before = await returnCount();
    const confirmed = await placed(w, w.free, 5, { paymentTerms: 'account' });
    const notYet = await post(w, w.free, `/api/orders/${confirmed._id}/returns`, { lines: [reasonLine(w.cpu, 1)] });
    expect([notYet.statusCode, notYet.json()]).toEqual([
      400,
      {
        error: {
          code: 'return_lines_invalid',
          message: 'Some lines cannot be returned',
          lines: [{ index: 0, productId: w.cpu, message: 'no units of this product have been delivered yet' }],
        },
      },
    ]);

    const order = await deliveredOnAccount(w, w.free, 10);
    const other = await addProduct(w.t.app, w.admin, { name: 'Fan', sku: 'KC-FAN-9', price: 3, quantity: 1 });
    const bad = await post(w, w.free, `/api/orders/${order._id}/returns`, {
      lines: [reasonLine(other, 1), reasonLine(w.cpu, 11)],
    });
    expect([bad.statusCode, bad.json().error.lines]).toEqual([
      400,
      [
        { index: 0, productId: other, message: 'this product is not in the order' },
        { index: 1, productId: w.cpu, message: 'at most 10 can be returned' },
      ],
    ]);
    expect(await returnCount()).toBe(before);

    const first = await requested(w, w.free, order._id, [reasonLine(w.cpu, 8)]);
    const held = await post(w, w.owner, `/api/orders/${order._id}/returns`, { lines: [reasonLine(w.cpu, 3)] });
    expect(held.json().error.lines).toEqual([{ index: 0, productId: w.cpu, message: 'at most 2 can be returned' }]);
    expect(
      (await post(w, w.owner, `/api/orders/${order._id}/returns`, { lines: [reasonLine(w.cpu, 2)] })).statusCode,
    ).toBe(201);
    const none = await post(w, w.owner, `/api/orders/${order._id}/returns`, { lines: [reasonLine(w.cpu, 1)] });
    expect(none.json().error.lines[0].message).toBe('every delivered unit of this product is already in a return');
    // A rejected return holds nothing: its units may be asked again.
    expect((await post(w, w.admin, `/api/returns/${first._id}/reject`, { reason: 'Used' })).statusCode).toBe(200);
    expect(
      (await post(w, w.owner, `/api/orders/${order._id}/returns`, { lines: [reasonLine(w.cpu, 8)] })).statusCode,
    ).toBe(201);
  });

  it('takes units until RETURN_DAYS (30) whole days after their delivery, not after', async () => {
    const inTime = await deliveredOnAccount(w, w.free, 2);
    await ageDelivery(w, inTime._id, 30, -60_000);
    expect(
      (await post(w, w.free, `/api/orders/${inTime._id}/returns`, { lines: [reasonLine(w.cpu, 1)] })).statusCode,
    ).toBe(201);
    const late = await deliveredOnAccount(w, w.free, 2);
    await ageDelivery(w, late._id, 30, 60_000);
    const res = await post(w, w.free, `/api/orders/${late._id}/returns`, { lines: [reasonLine(w.cpu, 1)] });
    expect([res.statusCode, res.json().error.lines]).toEqual([
      400,
      [{ index: 0, productId: w.cpu, message: 'returns close 30 days after delivery' }],
    ]);
  });

  it('counts the window per shipment: units of a shipment delivered too long ago are out, a later one in', async () => {
    const order = await placed(w, w.free, 10, { paymentTerms: 'account' });
    const ship = async (units: number) => {
      const res = await post(w, w.admin, `/api/orders/${order._id}/shipments`, {
        lines: [{ productId: w.cpu, quantity: units }],
        carrier: 'DHL',
        trackingNumber: `T-${units}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      const shipments: Array<{ _id: string }> = res.json().shipments;
      const last = shipments.at(-1)?._id ?? '';
      expect((await post(w, w.free, `/api/orders/${order._id}/shipments/${last}/deliver`)).statusCode).toBe(200);
      return last;
    };
    const first = await ship(6);
    await w.t.app.db
      .updateTable('shipments')
      .set({ delivered_at: new Date(Date.now() - 40 * 86_400_000).toISOString() })
      .where('id', '=', first)
      .execute();
    // Only the first shipment is delivered, and long ago: nothing may be asked back.
    const closed = await post(w, w.free, `/api/orders/${order._id}/returns`, { lines: [reasonLine(w.cpu, 1)] });
    expect(closed.json().error.lines[0].message).toBe('returns close 30 days after delivery');
    await ship(4);
    const tooMany = await post(w, w.free, `/api/orders/${order._id}/returns`, { lines: [reasonLine(w.cpu, 5)] });
    expect(tooMany.json().error.lines).toEqual([{ index: 0, productId: w.cpu, message: 'at most 4 can be returned' }]);
    expect(
      (await post(w, w.free, `/api/orders/${order._id}/returns`, { lines: [reasonLine(w.cpu, 4)] })).statusCode,
    ).toBe(201);
  });

  it('validates the body: a reason on every line, whole positive quantities, one line per product', async () => {
    const order = await deliveredOnAccount(w, w.free, 3);
    const url = `/api/orders/${order._id}/returns`;
    const cases: Array<[unknown, string]> = [
      [{ lines: [] }, 'a return needs at least one line'],
      [{ lines: [{ productId: w.cpu, quantity: 1 }] }, 'reason is required'],
      [{ lines: [reasonLine(w.cpu, 0)] }, 'quantity must be at least 1'],
      [{ lines: [reasonLine(w.cpu, 1), reasonLine(w.cpu, 1)] }, 'one line per product'],
    ];
    for (const [body, message] of cases) {
      const res = await post(w, w.free, url, body);
      expect([res.statusCode, res.json().error.message]).toEqual([400, expect.stringContaining(message)]);
    }
  });

  it('two requests at once for the same units: one is made, the other refused, over real HTTP', async () => {
    const order = await deliveredOnAccount(w, w.free, 10);
    const base = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    const ask = (who: { auth: { authorization: string } }) =>
      fetch(`${base}/api/orders/${order._id}/returns`, {
        method: 'POST',
        headers: { ...who.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ lines: [reasonLine(w.cpu, 7)] }),
      });
    const answers = await Promise.all([ask(w.free), ask(w.owner), ask(w.limited)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    const rows = await w.t.app.db
      .selectFrom('return_lines')
      .innerJoin('returns', 'returns.id', 'return_lines.return_id')
      .select('return_lines.quantity')
      .where('returns.order_id', '=', order._id)
      .execute();
    expect(rows.map((r) => Number(r.quantity))).toEqual([7]);
  });
});

describe.each(databases)('RETURN_DAYS=0 on %s', (kind) => {
  it('turns returns off: every line refused, nothing written', async () => {
    const t = await createTestApp(kind, { RETURN_DAYS: '0' });
    try {
      const admin = await logIn(t.app, ADMIN.email, ADMIN.password);
      const ann = await signUp(t.app, 'Ann', 'ann@example.com');
      const productId = await addProduct(t.app, admin, { price: 2, quantity: 1, availableQuantity: 10 });
      const made = await call(t.app, 'POST', '/api/orders', ann, {
        lines: [{ productId, quantity: 2 }],
        phone: '1',
        address: 'a',
      });
      const orderId: string = made.json().order._id;
      const res = await call(t.app, 'POST', `/api/orders/${orderId}/returns`, ann, {
        lines: [{ productId, quantity: 1, reason: 'wrong part' }],
      });
      expect([res.statusCode, res.json()]).toEqual([
        400,
        {
          error: {
            code: 'return_lines_invalid',
            message: 'This shop does not take returns',
            lines: [{ index: 0, productId, message: 'returns are turned off' }],
          },
        },
      ]);
      const rows = await t.app.db.selectFrom('returns').selectAll().execute();
      expect(rows).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
