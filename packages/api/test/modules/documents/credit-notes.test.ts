// Credit notes on both databases (B2B §11): every way an invoiced order is cancelled or refunded (an admin's cancel of
// a paid order, a refund the expiry job retries, a charge that landed while the order was being cancelled, an
// on-account order cancelled) issues exactly one CN-{year}-{000001}, without gaps however many land at once; the PDF
// goes to whoever may read the invoice, 409 while there is none; the invoice then names it and no longer reads paid.
import { execFileSync } from 'node:child_process';
import type { Order } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignCreditNoteNumber } from '../../../src/modules/billing/credit-note-numbers.js';
import { databases } from '../../helpers/databases.js';
import { call, type SignedIn } from '../../helpers/test-app.js';
import {
  arrange,
  charge,
  createWorld,
  mailsOf,
  orderIn,
  payByCard,
  placeOrder,
  post,
  type World,
} from '../orders/lifecycle/lifecycle-fixtures.js';

const year = new Date().getUTCFullYear();
const numbered = (n: number) => `CN-${year}-${String(n).padStart(6, '0')}`;

/** The text of a PDF as on the page, runs of spaces squeezed to one. */
function pdfText(pdf: Buffer): string {
  return execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: pdf })
    .toString('utf8')
    .replace(/[ \t]+/g, ' ');
}

describe.each(databases)('credit notes on %s', (kind) => {
  let w: World;
  beforeAll(async () => {
    w = await createWorld(kind);
  });
  afterAll(() => w.t.close());

  const read = async (id: string, who: SignedIn = w.admin): Promise<Order> =>
    (await call(w.app, 'GET', `/api/orders/${id}`, who)).json();
  const counter = async () =>
    (
      await w.app.db
        .selectFrom('credit_note_counters')
        .select('last_number')
        .where('year', '=', year)
        .executeTakeFirst()
    )?.last_number;
  const creditNote = (who: SignedIn | undefined, id: string) =>
    call(w.app, 'GET', `/api/orders/${id}/credit-note.pdf`, who);
  const cancel = (id: string, reason = 'Customer asked') => post(w, w.admin, `/api/orders/${id}/cancel`, { reason });

  /** A paid card order with a two-line address and a note, as a buyer would send them. */
  async function paidOrder(): Promise<Order> {
    const res = await post(w, w.alice, '/api/orders', {
      lines: [
        { productId: w.gpu, quantity: 200 },
        { productId: w.psu, quantity: 300 },
      ],
      phone: '555-0100',
      address: 'Unit 4, Harbour Works\n7 Quay Street\nBristol BS1 4QA',
      poNumber: 'PO-CN-1',
      note: 'Deliver to gate 3\nbefore noon, please',
    });
    expect(res.statusCode).toBe(201);
    const { order }: { order: Order } = res.json();
    await payByCard(w, order._id);
    return order;
  }

  it('answers 409 while an order has no credit note, paid or not', async () => {
    const unpaid = await placeOrder(w);
    const paid = await paidOrder();
    for (const id of [unpaid._id, paid._id]) {
      const res = await creditNote(w.alice, id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: {
          code: 'no_credit_note',
          message: 'This order has no credit note: one is issued when an invoiced order is cancelled or refunded',
        },
      });
    }
    expect((await read(paid._id)).creditNoteNumber).toBeNull();
    // Cancelling an unpaid order credits nothing: it never had an invoice.
    expect((await post(w, w.alice, `/api/orders/${unpaid._id}/cancel`, {})).statusCode).toBe(200);
    expect((await read(unpaid._id)).creditNoteNumber).toBeNull();
    expect(await counter()).toBeUndefined();
    // Left for the next test: the paid one is cancelled there.
    await cancel(paid._id);
    expect((await read(paid._id)).creditNoteNumber).toBe(numbered(1));
  });

  it('gives the buyer and admins the credit note, with the address lines, the note and the credit; others 404', async () => {
    const [order] = await w.app.db
      .selectFrom('orders')
      .select(['id', 'number', 'invoice_number'])
      .where('credit_note_number', '=', numbered(1))
      .execute();
    if (!order?.invoice_number) throw new Error('the first test left no credited order');
    const res = await creditNote(w.alice, order.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${numbered(1)}.pdf"`);
    const text = pdfText(res.rawPayload);
    const today = new Date().toISOString().slice(0, 10);
    for (const expected of [
      'CREDIT NOTE',
      `Credit note: ${numbered(1)}`,
      `Date: ${today}`,
      `Credits invoice: ${order.invoice_number}`,
      // B2B §11: the order's number, as on the invoice, not its internal id.
      `Order: ${order.number}`,
      'PO number: PO-CN-1',
      // Each line of the address on its own line, no "?" where the breaks were.
      '\nUnit 4, Harbour Works\n',
      '\n7 Quay Street\n',
      '\nBristol BS1 4QA\n',
      'Note from the buyer',
      '\nDeliver to gate 3\n',
      '\nbefore noon, please\n',
      'Total credited $1,700.00',
      `This credit note cancels invoice ${order.invoice_number} in full.`,
      'The payment of this invoice has been refunded to the card it was paid with.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('?');
    expect(order.number).toMatch(/^SO-\d{4}-\d{6}$/);
    expect(text).not.toContain(order.id);
    expect((await creditNote(w.admin, order.id)).statusCode).toBe(200);
    expect((await creditNote(w.bob, order.id)).statusCode).toBe(404);
    expect((await creditNote(undefined, order.id)).statusCode).toBe(401);

    // The invoice stays as issued (number, lines, total) but names the credit note and no longer reads as settled.
    const invoice = await call(w.app, 'GET', `/api/orders/${order.id}/invoice.pdf`, w.alice);
    expect(invoice.statusCode).toBe(200);
    const invoiceText = pdfText(invoice.rawPayload);
    for (const expected of [
      `Invoice: ${order.invoice_number}`,
      'Status: CREDITED',
      `Credit note: ${numbered(1)}`,
      '\n7 Quay Street\n',
      '\nbefore noon, please\n',
      'Total $1,700.00',
      `Credited in full by credit note ${numbered(1)}: nothing is owed on this invoice, and the payment is returned.`,
    ]) {
      expect(invoiceText).toContain(expected);
    }
    expect(invoiceText).not.toContain('PAID');
    expect(invoiceText).not.toContain('Paid in full');
  });

  it('numbers a dozen refunds landing at once 2..13, and two cancels of one order credit it once', async () => {
    const orders = await Promise.all(Array.from({ length: 12 }, () => paidOrder()));
    const twice = orders[0];
    if (!twice) throw new Error('no order');
    const answers = await Promise.all([...orders.map((o) => cancel(o._id)), cancel(twice._id)]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(12);
    const numbers = await Promise.all(orders.map(async (o) => (await read(o._id)).creditNoteNumber));
    expect([...numbers].sort()).toEqual(Array.from({ length: 12 }, (_, i) => numbered(i + 2)));
    expect(await counter()).toBe(13);
    // Asked again (a retried record), an order keeps its number and the sequence does not move.
    const at = new Date().toISOString();
    expect(await w.app.db.transaction().execute((trx) => assignCreditNoteNumber(trx, twice._id, at))).toBe(numbers[0]);
    expect(await counter()).toBe(13);
  });

  it('takes no number in a refund record that rolls back', async () => {
    const order = await paidOrder();
    await expect(
      w.app.db.transaction().execute(async (trx) => {
        expect(await assignCreditNoteNumber(trx, order._id, new Date().toISOString())).toBe(numbered(14));
        throw new Error('the refund record failed after the number was taken');
      }),
    ).rejects.toThrow('the refund record failed');
    expect((await read(order._id)).creditNoteNumber).toBeNull();
    expect(await counter()).toBe(13);
    await cancel(order._id);
    expect((await read(order._id)).creditNoteNumber).toBe(numbered(14));
  });

  it('issues none while the refund fails, and one when the expiry job completes the refund', async () => {
    const order = await paidOrder();
    const provider = w.app.payments.provider;
    const refund = provider.refund.bind(provider);
    provider.refund = () => Promise.reject(new Error('the processor is down'));
    try {
      expect((await cancel(order._id)).statusCode).toBe(200);
    } finally {
      provider.refund = refund;
    }
    const cancelled = await read(order._id);
    expect([cancelled.status, cancelled.refunded, cancelled.creditNoteNumber]).toEqual(['cancelled', false, null]);
    expect((await creditNote(w.alice, order._id)).statusCode).toBe(409);
    expect((await w.app.orders.expireDue()).refunded).toBe(1);
    expect((await w.app.orders.expireDue()).refunded).toBe(0);
    const refunded = await read(order._id);
    expect([refunded.refunded, refunded.creditNoteNumber]).toEqual([true, numbered(15)]);
    expect(await counter()).toBe(15);
  });

  it('credits a charge that landed while the admin cancelled the unpaid order (it was paid, then refunded)', async () => {
    const order = await placeOrder(w);
    await charge(w, order._id);
    const res = await cancel(order._id);
    expect(res.statusCode).toBe(200);
    const after: Order = res.json();
    expect([after.status, after.paid, after.refunded]).toEqual(['cancelled', true, true]);
    expect(after.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(after.creditNoteNumber).toBe(numbered(16));
    // The refund's "cancelled" mail names the refund and the credit note issued with it.
    const cancelled = (await mailsOf(w, order._id)).filter((m) => m.kind === 'order-cancelled');
    expect(cancelled).toHaveLength(1);
    expect(cancelled[0]?.text).toContain(
      `Credit note ${numbered(16)} cancels invoice ${after.invoiceNumber ?? ''}; you can download it from your order.`,
    );
  });

  it('credits an invoiced on-account order cancelled by an admin, with nothing owed', async () => {
    const order = await orderIn(w, 'confirmed', { payment_terms: 'account', invoice_number: `INV-${year}-900001` });
    await arrange(w, order._id, { expires_at: null });
    expect((await cancel(order._id)).statusCode).toBe(200);
    expect((await read(order._id)).creditNoteNumber).toBe(numbered(17));
    const cancelled = (await mailsOf(w, order._id)).find((m) => m.kind === 'order-cancelled');
    expect(cancelled?.text).toContain(
      `Credit note ${numbered(17)} cancels invoice INV-${year}-900001; you can download it from your order.`,
    );
    expect(cancelled?.text).toContain(`Credit note: ${numbered(17)}`);
    const text = pdfText((await creditNote(w.alice, order._id)).rawPayload);
    expect(text).toContain(`Credits invoice: INV-${year}-900001`);
    expect(text).toContain('Nothing is owed on this invoice.');
  });
});
