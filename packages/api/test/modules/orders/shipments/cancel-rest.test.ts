// B2B §14 on both databases: an admin's cancel of a partly shipped order cancels only its unshipped units. Their stock
// returns, billing credits exactly them with their tax (a card refund at the sandbox, the unpaid invoice lowered, or
// credit on the paid account) in one credit note, the order ends `shipped` (or `delivered`), the buyer is mailed and
// the event is the new status's. Two cancels at once, and a cancel racing the last shipment, move every unit once.
import type { CompanyAccount, Order } from '@kestrel/shared';
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf, mailsOf, placed, stockOf } from '../company-ordering/fixtures.js';
import { databases } from '../../../helpers/databases.js';
import { addProduct, call, type SignedIn } from '../../../helpers/test-app.js';
import { createReturnsWorld, paidByCard, post, taxAt, type ReturnsWorld } from '../../returns/return-fixtures.js';

describe.each(databases)('cancelling the unshipped rest on %s', (kind) => {
  let w: ReturnsWorld;
  let base: string;
  beforeAll(async () => {
    w = await createReturnsWorld(kind);
    base = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => w.t.close());

  const ship = async (id: string, quantity: number, trackingNumber = 'T-1') => {
    const res = await post(w, w.admin, `/api/orders/${id}/shipments`, {
      lines: [{ productId: w.cpu, quantity }],
      carrier: 'DHL',
      trackingNumber,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Order>();
  };
  const cancel = (id: string, who: SignedIn = w.admin, reason = 'Discontinued part') =>
    post(w, who, `/api/orders/${id}/cancel`, { reason });
  const orderOf = async (id: string) => (await call(w.t.app, 'GET', `/api/orders/${id}`, w.admin)).json<Order>();
  const notesOf = async (orderId: string) =>
    (
      await w.t.app.db
        .selectFrom('credit_notes')
        .select(['number', 'reason', 'subtotal_cents', 'tax_cents', 'total_cents', 'settlement', 'refunded_at'])
        .where('order_id', '=', orderId)
        .orderBy('number')
        .execute()
    ).map((n) => [
      n.reason,
      Number(n.subtotal_cents),
      Number(n.tax_cents),
      Number(n.total_cents),
      n.settlement,
      n.refunded_at !== null,
    ]);
  const sandboxRefundsOf = async (orderId: string) => {
    const intents = await w.t.app.db
      .selectFrom('sandbox_intents')
      .select('id')
      .where('order_id', '=', orderId)
      .execute();
    if (intents.length === 0) return [];
    const rows = await w.t.app.db
      .selectFrom('sandbox_refunds')
      .select('amount_cents')
      .where(
        'intent_id',
        'in',
        intents.map((i) => i.id),
      )
      .execute();
    return rows.map((r) => Number(r.amount_cents));
  };
  const balance = async () =>
    (await call(w.t.app, 'GET', '/api/company/account', w.owner)).json<CompanyAccount>().balance;
  const pdfText = async (url: string, who: SignedIn) => {
    const res = await call(w.t.app, 'GET', url, who);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: res.rawPayload })
      .toString('utf8')
      .replace(/[ \t]+/g, ' ');
  };

  it('by card, untaxed: the 6 unshipped units come back to stock and are refunded to the card, once', async () => {
    await taxAt(w, null);
    const order = await paidByCard(w, 10); // $100.00
    await ship(order._id, 4);
    const stock = await stockOf(w);
    const res = await cancel(order._id);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<Order>();
    expect([after.status, after.cancelReason, after.refunded, after.refundedTotal]).toEqual([
      'shipped',
      'Discontinued part',
      true,
      60,
    ]);
    expect(after.lines.map((l) => [l.quantity, l.shippedQuantity, l.cancelledQuantity])).toEqual([[10, 4, 6]]);
    expect(after.creditNotes.map((n) => [n.total, n.reason])).toEqual([[60, 'cancellation']]);
    expect(await stockOf(w)).toBe(stock + 6);
    expect(await notesOf(order._id)).toEqual([['cancellation', 6000, 0, 6000, 'card', true]]);
    expect(await sandboxRefundsOf(order._id)).toEqual([6000]);
    // The buyer's mail names the units, the credit note and the refund; the event is the status the order is in.
    const mail = (await mailsOf(w, order._id)).find((m) => m.kind === 'order-rest-cancelled');
    expect(mail?.subject).toBe(`Order ${order.number} unshipped units cancelled`);
    const text = mail ? w.t.app.mail.bodies(mail.content).text : '';
    expect(text).toContain('The 6 units of your order that had not shipped are cancelled');
    expect(text).toContain(`We are refunding $60.00 to the card you paid with (credit note ${after.creditNoteNumber})`);
    expect((await eventsOf(w, order._id)).slice(-2)).toEqual(['order.partially_shipped', 'order.shipped']);
    // The order is shipped now: cancelling again, or shipping more, is refused and changes nothing.
    const again = await cancel(order._id);
    expect([again.statusCode, again.json().error.message]).toEqual([
      409,
      'An order that is shipped cannot be cancelled',
    ]);
    const more = await post(w, w.admin, `/api/orders/${order._id}/shipments`, {
      lines: [{ productId: w.cpu, quantity: 1 }],
      carrier: 'DHL',
      trackingNumber: 'T-2',
    });
    expect(more.statusCode).toBe(409);
    expect(await stockOf(w)).toBe(stock + 6);
    expect(await sandboxRefundsOf(order._id)).toEqual([6000]);
    // Its one shipment arrives: delivered.
    const delivered = await post(w, w.outsider, `/api/orders/${order._id}/deliver`);
    expect(delivered.json().status).toBe('delivered');
  });

  it('by card, taxed 8.875%: the refund carries the tax of the cancelled units, half up', async () => {
    await taxAt(w, 8.875);
    const order = await paidByCard(w, 3); // $30.00 + $2.66
    expect(order.price).toBe(32.66);
    await ship(order._id, 1);
    const res = await cancel(order._id);
    expect(res.statusCode, res.body).toBe(200);
    // 2 units: $20.00 + 177.5 cents of tax, 178.
    expect(await notesOf(order._id)).toEqual([['cancellation', 2000, 178, 2178, 'card', true]]);
    expect(await sandboxRefundsOf(order._id)).toEqual([2178]);
    expect(res.json<Order>().refundedTotal).toBe(21.78);
    await taxAt(w, null);
  });

  it('on account, taxed 19%, unpaid: the invoice and the balance are lowered; the credit note and invoice say so', async () => {
    await taxAt(w, 19);
    const order = await placed(w, w.free, 10, { paymentTerms: 'account' }); // $100.00 + $19.00
    expect(order.price).toBe(119);
    const before = await balance();
    await ship(order._id, 7);
    const stock = await stockOf(w);
    const res = await post(w, w.admin, `/api/orders/${order._id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>().status).toBe('shipped');
    // 3 units: $30.00 + $5.70.
    expect(await notesOf(order._id)).toEqual([['cancellation', 3000, 570, 3570, 'invoice', false]]);
    expect(await stockOf(w)).toBe(stock + 3);
    expect(await balance()).toBeCloseTo(before - 35.7, 2);
    const number = res.json<Order>().creditNoteNumber ?? '';
    const note = await pdfText(`/api/orders/${order._id}/credit-notes/${number}.pdf`, w.free);
    for (const expected of [
      `Credit note: ${number}`,
      'Reason: Unshipped units cancelled',
      'Subtotal credited $30.00',
      'Sales tax 19% credited $5.70',
      'Total credited $35.70',
    ]) {
      expect(note).toContain(expected);
    }
    const invoice = await pdfText(`/api/orders/${order._id}/invoice.pdf`, w.free);
    expect(invoice).toContain(`Credited $35.70 by credit note ${number}. Still due: $83.30`);
    const text = (await mailsOf(w, order._id))
      .filter((m) => m.kind === 'order-rest-cancelled')
      .map((m) => w.t.app.mail.bodies(m.content).text)[0];
    expect(text).toContain(`Credit note ${number} takes $35.70 off your invoice`);
    await taxAt(w, null);
  });

  it('on account, paid: the credit goes onto the account; a delivered first shipment makes the order delivered', async () => {
    const order = await placed(w, w.free, 5, { paymentTerms: 'account' });
    const s = await ship(order._id, 2);
    expect((await post(w, w.admin, `/api/orders/${order._id}/mark-paid`, { reference: 'TR-1' })).statusCode).toBe(200);
    const delivered = await post(w, w.free, `/api/orders/${order._id}/shipments/${s.shipments[0]?._id}/deliver`);
    expect(delivered.json().status).toBe('partially_shipped');
    const before = await balance();
    const res = await cancel(order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>().status).toBe('delivered');
    expect(await notesOf(order._id)).toEqual([['cancellation', 3000, 0, 3000, 'balance', false]]);
    expect(await balance()).toBeCloseTo(before - 30, 2);
    expect((await eventsOf(w, order._id)).at(-1)).toBe('order.delivered');
  });

  it('credits the unshipped units of a product deleted since by the SKU they were ordered under', async () => {
    const fan = await addProduct(w.t.app, w.admin, {
      name: 'Retired Fan',
      sku: 'KC-FAN-OLD',
      price: 7,
      quantity: 1,
      availableQuantity: 100,
    });
    const order = await placed(w, w.free, 3, {
      paymentTerms: 'account',
      lines: [
        { productId: w.cpu, quantity: 3 },
        { productId: fan, quantity: 5 },
      ],
    });
    const first = await post(w, w.admin, `/api/orders/${order._id}/shipments`, {
      lines: [
        { productId: w.cpu, quantity: 3 },
        { productId: fan, quantity: 1 },
      ],
      carrier: 'DHL',
      trackingNumber: 'T-OLD',
    });
    expect(first.json<Order>().status).toBe('partially_shipped');
    expect((await call(w.t.app, 'DELETE', `/api/service/${fan}`, w.admin)).statusCode).toBe(200);
    const res = await cancel(order._id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Order>().lines.map((l) => [l.sku, l.productId, l.cancelledQuantity])).toEqual([
      ['KC-CPU-1', w.cpu, 0],
      ['KC-FAN-OLD', null, 4],
    ]);
    // 4 fans at $7.00.
    expect(await notesOf(order._id)).toEqual([['cancellation', 2800, 0, 2800, 'invoice', false]]);
    const number = res.json<Order>().creditNoteNumber ?? '';
    const note = await pdfText(`/api/orders/${order._id}/credit-notes/${number}.pdf`, w.free);
    expect(note).toContain('KC-FAN-OLD');
    expect(note).toContain('Total credited $28.00');
  });

  it('only an administrator cancels a partly shipped order: its buyer is refused and nothing changes', async () => {
    const order = await placed(w, w.free, 4, { paymentTerms: 'account' });
    await ship(order._id, 1);
    const stock = await stockOf(w);
    for (const who of [w.free, w.owner]) {
      const res = await cancel(order._id, who);
      expect([res.statusCode, res.json().error.message]).toEqual([
        409,
        'An order that is partially shipped cannot be cancelled',
      ]);
    }
    expect((await orderOf(order._id)).lines[0]?.cancelledQuantity).toBe(0);
    expect(await stockOf(w)).toBe(stock);
    expect(await notesOf(order._id)).toEqual([]);
  });

  for (const terms of ['by card', 'on account'] as const) {
    it(`three cancels at once ${terms}: one is made, the others are refused, credited and restocked once`, async () => {
      const order =
        terms === 'by card' ? await paidByCard(w, 9) : await placed(w, w.free, 9, { paymentTerms: 'account' });
      await ship(order._id, 2);
      const stock = await stockOf(w);
      const answers = await Promise.all(
        [1, 2, 3].map(() =>
          fetch(`${base}/api/orders/${order._id}/cancel`, {
            method: 'POST',
            headers: { ...w.admin.auth, 'content-type': 'application/json' },
            body: JSON.stringify({ reason: 'Out of production' }),
          }),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      expect(await stockOf(w)).toBe(stock + 7);
      expect(await notesOf(order._id)).toEqual([
        ['cancellation', 7000, 0, 7000, terms === 'by card' ? 'card' : 'invoice', terms === 'by card'],
      ]);
      expect(await sandboxRefundsOf(order._id)).toEqual(terms === 'by card' ? [7000] : []);
      expect((await orderOf(order._id)).lines[0]?.cancelledQuantity).toBe(7);
    });
  }

  it('a cancel racing the last shipment: every unit is shipped or cancelled once, and only cancelled units are credited', async () => {
    const order = await paidByCard(w, 8);
    await ship(order._id, 3);
    const stock = await stockOf(w);
    const [cancelled, shipped] = await Promise.all([
      fetch(`${base}/api/orders/${order._id}/cancel`, {
        method: 'POST',
        headers: { ...w.admin.auth, 'content-type': 'application/json' },
        body: JSON.stringify({}),
      }),
      fetch(`${base}/api/orders/${order._id}/shipments`, {
        method: 'POST',
        headers: { ...w.admin.auth, 'content-type': 'application/json' },
        body: JSON.stringify({ lines: [{ productId: w.cpu, quantity: 5 }], carrier: 'UPS', trackingNumber: 'U-9' }),
      }),
    ]);
    expect([cancelled.status, shipped.status].sort()).toEqual([200, 409]);
    const after = await orderOf(order._id);
    const line = after.lines[0];
    expect(after.status).toBe('shipped');
    if (cancelled.status === 200) {
      expect([line?.shippedQuantity, line?.cancelledQuantity]).toEqual([3, 5]);
      expect(await stockOf(w)).toBe(stock + 5);
      expect(await sandboxRefundsOf(order._id)).toEqual([5000]);
    } else {
      expect([line?.shippedQuantity, line?.cancelledQuantity]).toEqual([8, 0]);
      expect(await stockOf(w)).toBe(stock);
      expect(await sandboxRefundsOf(order._id)).toEqual([]);
    }
  });
});
