// Partial credits (B2B §14) through billing's one way to credit, on both databases: refundOf's cents (half up, the
// last credit taking exactly the tax left, none on an untaxed order), credit notes numbered in sequence with the
// order's first kept as its creditNoteNumber, and where the money goes: a card refund due, an unpaid on-account
// invoice lowered (the balance with it), a paid one credited to the company's account (a negative balance).
import { execFileSync } from 'node:child_process';
import type { CompanyAccount, Order } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditOrder, refundOf, type CreditableOrder } from '../../../src/modules/billing/refunds.js';
import { createCompanyWorld, placed, type CompanyWorld } from '../orders/company-ordering/fixtures.js';
import { databases } from '../../helpers/databases.js';
import { call } from '../../helpers/test-app.js';
import { createWorld, payByCard, placeOrder, type World } from '../orders/lifecycle/lifecycle-fixtures.js';

const year = new Date().getUTCFullYear();
const numbered = (n: number) => `CN-${year}-${String(n).padStart(6, '0')}`;
const NEW_YORK = { line1: '1 Broadway', city: 'New York', postalCode: '10004', region: 'NY', country: 'US' };

describe('refundOf', () => {
  // 7 units at $10.00 taxed 8.875%: $70.00 + $6.21 (621.25 cents, half up).
  const order = (credited = { subtotalCents: 0, taxCents: 0 }): CreditableOrder => ({
    lines: [{ productId: 'p1', sku: 'KC-1', name: 'CPU', unitPriceCents: 1000 }],
    subtotalCents: 7000,
    taxCents: 621,
    rateMilli: 8875,
    credited,
  });

  it('credits units at their unit price plus their tax, half up', () => {
    // 1 unit: 88.75 cents of tax, 89.
    expect(refundOf(order(), [{ productId: 'p1', quantity: 1 }])).toEqual({
      subtotal: 1000,
      taxTotal: 89,
      total: 1089,
    });
    // 2 units: 177.5, 178.
    expect(refundOf(order(), [{ productId: 'p1', quantity: 2 }])).toEqual({
      subtotal: 2000,
      taxTotal: 178,
      total: 2178,
    });
  });

  it('gives the last credit exactly the tax left, so the credits add up to the order', () => {
    // After 3 single-unit credits (89 each, 267), the remaining 4 units take 621 - 267 = 354, not 355.
    const rest = refundOf(order({ subtotalCents: 3000, taxCents: 267 }), [{ productId: 'p1', quantity: 4 }]);
    expect(rest).toEqual({ subtotal: 4000, taxTotal: 354, total: 4354 });
    expect(3 * 1089 + rest.total).toBe(7621);
  });

  it('credits no tax on an order taxed at 0 (reverse charge, exempt, no rate)', () => {
    const untaxed = { ...order(), taxCents: 0, rateMilli: 0 };
    expect(refundOf(untaxed, [{ productId: 'p1', quantity: 3 }])).toEqual({ subtotal: 3000, taxTotal: 0, total: 3000 });
  });
});

describe.each(databases)('credits on %s', (kind) => {
  describe('a card order', () => {
    let w: World;
    beforeAll(async () => {
      w = await createWorld(kind);
    });
    afterAll(() => w.t.close());

    const credit = (orderId: string, lines: Parameters<typeof creditOrder>[1]['lines']) =>
      w.app.db
        .transaction()
        .execute((trx) => creditOrder(trx, { orderId, lines, reason: 'return', at: new Date().toISOString() }));
    const notesOf = (orderId: string) =>
      w.app.db
        .selectFrom('credit_notes')
        .select([
          'number',
          'reason',
          'subtotal_cents',
          'tax_cents',
          'total_cents',
          'settlement',
          'refunded_at',
          'lines',
        ])
        .where('order_id', '=', orderId)
        .orderBy('number')
        .execute();

    it('credits nothing on an order never invoiced', async () => {
      const unpaid = await placeOrder(w);
      expect(await credit(unpaid._id, [{ productId: w.gpu, quantity: 10 }])).toBeNull();
      expect(await notesOf(unpaid._id)).toEqual([]);
    });

    it("numbers each credit in sequence, keeps the first as the order's, and credits the rest exactly", async () => {
      // 200 GPU brackets at $2.50 and 300 PSU cables at $4.00: $1,700.
      const o = await placeOrder(w);
      await payByCard(w, o._id);
      expect(await credit(o._id, [{ productId: w.gpu, quantity: 20 }])).toEqual({
        creditNoteNumber: numbered(1),
        total: 5_000,
        settlement: 'card',
      });
      expect(
        await credit(o._id, [
          { productId: w.psu, quantity: 1 },
          { productId: w.gpu, quantity: 1 },
        ]),
      ).toEqual({ creditNoteNumber: numbered(2), total: 650, settlement: 'card' });
      expect(await credit(o._id, 'all')).toEqual({ creditNoteNumber: numbered(3), total: 164_350, settlement: 'card' });
      const notes = await notesOf(o._id);
      expect(notes.map((n) => [n.number, Number(n.total_cents), n.settlement, n.refunded_at])).toEqual([
        [numbered(1), 5_000, 'card', null],
        [numbered(2), 650, 'card', null],
        [numbered(3), 164_350, 'card', null],
      ]);
      expect(JSON.parse(notes[1]?.lines ?? '[]')).toEqual([
        { productId: w.psu, quantity: 1, sku: expect.any(String), name: 'Kestrel PSU Cable', unitPriceCents: 400 },
        { productId: w.gpu, quantity: 1, sku: expect.any(String), name: 'Kestrel GPU Bracket', unitPriceCents: 250 },
      ]);
      const row = await w.app.db
        .selectFrom('orders')
        .select(['credit_note_number'])
        .where('id', '=', o._id)
        .executeTakeFirstOrThrow();
      expect(row.credit_note_number).toBe(numbered(1));
      // The order answers every note, oldest first, and what they gave back; creditNoteNumber stays the first.
      const answer = (await call(w.app, 'GET', `/api/orders/${o._id}`, w.alice)).json<Order>();
      expect(answer.creditNoteNumber).toBe(numbered(1));
      expect(answer.creditNotes.map((n) => [n.number, n.total, n.reason])).toEqual([
        [numbered(1), 50, 'return'],
        [numbered(2), 6.5, 'return'],
        [numbered(3), 1643.5, 'return'],
      ]);
      expect(answer.refundedTotal).toBe(1700);
      const listed = (await call(w.app, 'GET', '/api/order', w.admin)).json<Order[]>();
      expect(listed.find((l) => l._id === o._id)?.refundedTotal).toBe(1700);
      // Nothing is left to credit: one more unit is a caller's bug, refused, and nothing is written.
      await expect(credit(o._id, [{ productId: w.gpu, quantity: 1 }])).rejects.toThrow(/more than it cost/);
      expect(await notesOf(o._id)).toHaveLength(3);
    });
  });

  describe('an on-account order', () => {
    let w: CompanyWorld;
    beforeAll(async () => {
      w = await createCompanyWorld(kind, { paymentTerms: 'net30', creditLimitCents: null });
      const rates = await call(w.t.app, 'PUT', '/api/admin/tax-rates', w.admin, {
        rates: [{ country: 'US', region: 'NY', rate: 8.875, name: 'NY sales tax' }],
      });
      expect(rates.statusCode).toBe(200);
    });
    afterAll(() => w.t.close());

    const balance = async () =>
      (await call(w.t.app, 'GET', '/api/company/account', w.owner)).json<CompanyAccount>().balance;
    const pdf = async (url: string) => {
      const res = await call(w.t.app, 'GET', url, w.owner);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      return execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: res.rawPayload })
        .toString('utf8')
        .replace(/[ \t]+/g, ' ');
    };
    const credit = (orderId: string, quantity: number) =>
      w.t.app.db.transaction().execute((trx) =>
        creditOrder(trx, {
          orderId,
          lines: [{ productId: w.cpu, quantity }],
          reason: 'return',
          at: new Date().toISOString(),
        }),
      );

    it('lowers the unpaid invoice, then credits the account once it is paid', async () => {
      // 7 CPUs at $10 to New York: $70.00 + $6.21.
      const o = await placed(w, w.owner, 7, { paymentTerms: 'account', shipTo: { address: NEW_YORK } });
      expect(o.price).toBe(76.21);
      expect(await balance()).toBe(76.21);
      const first = await credit(o._id, 2);
      expect(first).toMatchObject({ total: 2_178, settlement: 'invoice' });
      expect(await balance()).toBe(54.43);
      const account = (await call(w.t.app, 'GET', '/api/company/account', w.owner)).json<CompanyAccount>();
      expect(account.openOrders.map((a) => [a._id, a.amount])).toEqual([[o._id, 54.43]]);
      // The note's PDF prints what it credits, by its number; the invoice names it and what is still due.
      const number = first?.creditNoteNumber ?? '';
      const note = await pdf(`/api/orders/${o._id}/credit-notes/${number}.pdf`);
      for (const expected of [
        `Credit note: ${number}`,
        'Reason: Goods returned',
        'Subtotal credited $20.00',
        'NY sales tax 8.875% credited $1.78',
        'Total credited $21.78',
        `This credit note credits part of invoice ${o.invoiceNumber}.`,
        'This amount is taken off what is owed on the invoice.',
      ]) {
        expect(note).toContain(expected);
      }
      const invoice = await pdf(`/api/orders/${o._id}/invoice.pdf`);
      expect(invoice).toContain('Status: UNPAID, PARTLY CREDITED');
      expect(invoice).toContain(`Credited $21.78 by credit note ${number}. Still due: $54.43, by ${o.dueDate}.`);
      const paid = await call(w.t.app, 'POST', `/api/orders/${o._id}/mark-paid`, w.admin, { reference: 'TR-9' });
      expect(paid.statusCode).toBe(200);
      expect(await balance()).toBe(0);
      // One more unit after payment: 1,089 cents of credit on the account.
      expect(await credit(o._id, 1)).toMatchObject({ total: 1_089, settlement: 'balance' });
      expect(await balance()).toBe(-10.89);
      const list = await call(w.t.app, 'GET', '/api/admin/companies', w.admin);
      expect(JSON.stringify(list.json())).toContain('-10.89');
      // A number of no note of this order, or not a number at all.
      const other = await placed(w, w.owner, 1, { paymentTerms: 'account' });
      for (const [url, status] of [
        [`/api/orders/${other._id}/credit-notes/${number}.pdf`, 404],
        [`/api/orders/${o._id}/credit-notes/CN-1.pdf`, 400],
      ] as const) {
        expect((await call(w.t.app, 'GET', url, w.owner)).statusCode).toBe(status);
      }
      expect(
        (await call(w.t.app, 'GET', `/api/orders/${o._id}/credit-notes/${number}.pdf`, w.outsider)).statusCode,
      ).toBe(404);
    });
  });
});
