// B2B §14's receive on both databases: at most the returned quantity per line; restocked units back in
// availableQuantity; the received units credited at their unit price plus the order's tax on them through billing's
// creditOrder (one credit note, numbered like every credit note; an on-account invoice lowered, a card refund due);
// the order's returnedQuantity; the mail and event. Two receives at once: credited once, restocked once, over HTTP,
// by card and on account, with and without tax.
import type { Order, Return } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call } from '../../helpers/test-app.js';
import { stockOf } from '../orders/company-ordering/fixtures.js';
import {
  createReturnsWorld,
  deliveredByCard,
  deliveredOnAccount,
  post,
  reasonLine,
  requested,
  returnEvents,
  returnMails,
  taxAt,
  type ReturnsWorld,
} from './return-fixtures.js';

const YEAR = new Date().getUTCFullYear();

describe.each(databases)('receiving a return on %s', (kind) => {
  let w: ReturnsWorld;
  let base: string;
  beforeAll(async () => {
    w = await createReturnsWorld(kind);
    base = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => w.t.close());

  const authorized = async (order: Order, who: Parameters<typeof requested>[1], units: number): Promise<Return> => {
    const made = await requested(w, who, order._id, [reasonLine(w.cpu, units)]);
    expect((await post(w, w.admin, `/api/returns/${made._id}/authorize`)).statusCode).toBe(200);
    return made;
  };

  const notesOf = (orderId: string) =>
    w.t.app.db
      .selectFrom('credit_notes')
      .select(['number', 'reason', 'subtotal_cents', 'tax_cents', 'total_cents', 'settlement', 'refunded_at'])
      .where('order_id', '=', orderId)
      .orderBy('created_at')
      .execute()
      .then((rows) =>
        rows.map((r) => ({
          ...r,
          subtotal_cents: Number(r.subtotal_cents),
          tax_cents: Number(r.tax_cents),
          total_cents: Number(r.total_cents),
        })),
      );

  const orderOf = async (id: string) => (await call(w.t.app, 'GET', `/api/orders/${id}`, w.admin)).json<Order>();

  it('on account, untaxed: credits the received units, restocks the chosen ones, counts them returned', async () => {
    await taxAt(w, null);
    const order = await deliveredOnAccount(w, w.free, 10);
    const made = await authorized(order, w.free, 4);
    const stock = await stockOf(w);
    const res = await post(w, w.admin, `/api/returns/${made._id}/receive`, {
      lines: [{ productId: w.cpu, quantity: 3, restock: true }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Return>();
    expect([body.status, body.refundTotal, body.lines[0]?.receivedQuantity, body.lines[0]?.restockedQuantity]).toEqual([
      'received',
      30,
      3,
      3,
    ]);
    expect(body.creditNoteNumber).toMatch(new RegExp(`^CN-${YEAR}-\\d{6}$`));
    expect(await stockOf(w)).toBe(stock + 3);
    expect(await notesOf(order._id)).toEqual([
      {
        number: body.creditNoteNumber,
        reason: 'return',
        subtotal_cents: 3000,
        tax_cents: 0,
        total_cents: 3000,
        settlement: 'invoice',
        refunded_at: null,
      },
    ]);
    const after = await orderOf(order._id);
    expect(after.lines[0]?.returnedQuantity).toBe(3);
    expect([after.creditNotes.map((n) => [n.number, n.total, n.reason]), after.refundedTotal]).toEqual([
      [[body.creditNoteNumber, 30, 'return']],
      30,
    ]);
    expect(after.updatedAt >= body.updatedAt).toBe(true);
    const mails = await returnMails(w, made._id);
    expect(mails.at(-1)?.subject).toBe(`Return ${made.number} received`);
    expect(mails.at(-1)?.text).toContain('$30.00');
    expect(mails.at(-1)?.text).toContain(String(body.creditNoteNumber));
    expect(await returnEvents(w, made._id)).toEqual(['return.requested', 'return.authorized', 'return.received']);
    // The unit not received is no longer held: it may be asked back again.
    expect(
      (await post(w, w.free, `/api/orders/${order._id}/returns`, { lines: [reasonLine(w.cpu, 7)] })).statusCode,
    ).toBe(201);
    // Received once: again is 409, nothing changed.
    const again = await post(w, w.admin, `/api/returns/${made._id}/receive`, {
      lines: [{ productId: w.cpu, quantity: 1, restock: true }],
    });
    expect([again.statusCode, again.json().error.message]).toEqual([
      409,
      'A return that is received cannot be received',
    ]);
    expect(await stockOf(w)).toBe(stock + 3);
    expect(await notesOf(order._id)).toHaveLength(1);
  });

  it('by card, taxed 8.875%: the refund is the units plus their tax, half up, refunded to the card just after the receipt; not restocked', async () => {
    await taxAt(w, 8.875);
    const order = await deliveredByCard(w, 3);
    expect([order.subtotal, order.taxTotal, order.price]).toEqual([30, 2.66, 32.66]);
    const made = await authorized(order, w.outsider, 1);
    const stock = await stockOf(w);
    const res = await post(w, w.admin, `/api/returns/${made._id}/receive`, {
      lines: [{ productId: w.cpu, quantity: 1, restock: false }],
    });
    expect(res.statusCode, res.body).toBe(200);
    // $10.00 + 8.875% ($0.8875, half up $0.89).
    expect([res.json().refundTotal, res.json().lines[0].restockedQuantity]).toEqual([10.89, 0]);
    expect(await stockOf(w)).toBe(stock);
    const notes = await notesOf(order._id);
    expect(
      notes.map((n) => [n.reason, n.subtotal_cents, n.tax_cents, n.total_cents, n.settlement, n.refunded_at]),
    ).toEqual([['return', 1000, 89, 1089, 'card', expect.any(String)]]);
    expect((await orderOf(order._id)).lines[0]?.returnedQuantity).toBe(1);
    await taxAt(w, null);
  });

  it('nothing arrived: received with no credit note and nothing restocked', async () => {
    const order = await deliveredOnAccount(w, w.free, 2);
    const made = await authorized(order, w.free, 2);
    const stock = await stockOf(w);
    const res = await post(w, w.admin, `/api/returns/${made._id}/receive`, {
      lines: [{ productId: w.cpu, quantity: 0, restock: true }],
    });
    expect([res.statusCode, res.json().refundTotal, res.json().creditNoteNumber]).toEqual([200, 0, null]);
    expect(await stockOf(w)).toBe(stock);
    expect(await notesOf(order._id)).toEqual([]);
    expect((await returnMails(w, made._id)).at(-1)?.text).toContain('nothing was credited');
  });

  for (const [terms, rate] of [
    ['on account', null],
    ['on account', 19],
    ['by card', null],
    ['by card', 8.875],
  ] as const) {
    it(`two receives at once ${terms}, ${rate === null ? 'untaxed' : `taxed ${rate}%`}: credited once, restocked once`, async () => {
      await taxAt(w, rate);
      const order = terms === 'by card' ? await deliveredByCard(w, 7) : await deliveredOnAccount(w, w.free, 7);
      const made = await authorized(order, terms === 'by card' ? w.outsider : w.free, 5);
      const stock = await stockOf(w);
      const receive = () =>
        fetch(`${base}/api/returns/${made._id}/receive`, {
          method: 'POST',
          headers: { ...w.admin.auth, 'content-type': 'application/json' },
          body: JSON.stringify({ lines: [{ productId: w.cpu, quantity: 5, restock: true }] }),
        });
      const answers = await Promise.all([receive(), receive(), receive()]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      // 5 x $10 plus the order's tax on them, half up.
      const tax = rate === null ? 0 : Math.round((5000 * rate) / 100);
      const notes = await notesOf(order._id);
      expect(notes.map((n) => [n.subtotal_cents, n.tax_cents, n.total_cents, n.settlement])).toEqual([
        [5000, tax, 5000 + tax, terms === 'by card' ? 'card' : 'invoice'],
      ]);
      expect(await stockOf(w)).toBe(stock + 5);
      expect((await orderOf(order._id)).lines[0]?.returnedQuantity).toBe(5);
      const read = (await call(w.t.app, 'GET', `/api/returns/${made._id}`, w.admin)).json<Return>();
      expect([read.status, read.refundTotal, read.creditNoteNumber]).toEqual([
        'received',
        (5000 + tax) / 100,
        notes[0]?.number,
      ]);
      await taxAt(w, null);
    });
  }
});
