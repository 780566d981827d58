// The invoice PDF on both databases (B2B §6): the buyer and admins get a real PDF that names seller, buyer, number,
// PO, every line and the total (read back with poppler's pdftotext); anyone else gets 404, visitors 401, and an order
// without an invoice number 409.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import { buildWorld } from '../../helpers/world.js';
import { payOrder, placeOrder } from './document-fixtures.js';

const year = new Date().getUTCFullYear();

/** The text of a PDF, laid out as on the page. */
function pdfText(pdf: Buffer): string {
  return execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}

describe.each(databases)('invoice PDF on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let alice: SignedIn;
  let bob: SignedIn;
  let paidId: string;
  let unpaidId: string;

  beforeAll(async () => {
    const world = await buildWorld(kind, {
      people: { alice: ['Alice Buyer', 'alice@example.com'], bob: ['Bob Other', 'bob@example.com'] },
      products: {
        memory: { sku: 'KC-MEM-32', name: 'DDR5 32 GB, server grade', price: 90 },
        fan: { sku: 'KC-FAN-120', name: 'Case fan 120 mm', price: 6.25 },
      },
    });
    ({
      t,
      admin,
      people: { alice, bob },
    } = world);
    const { memory, fan } = world.products;
    const res = await call(t.app, 'POST', '/api/orders', alice, {
      lines: [
        { productId: memory, quantity: 1000 },
        { productId: fan, quantity: 2000 },
      ],
      phone: '555-0100',
      address: '7 Harbour St, Bristol',
      poNumber: 'PO-7731',
    });
    expect(res.statusCode).toBe(201);
    paidId = res.json().insertedId;
    await payOrder(t.app, alice, paidId);
    unpaidId = await placeOrder(t.app, alice, fan);
  });
  afterAll(() => t.close());

  const invoice = (who: SignedIn | undefined, id: string) => call(t.app, 'GET', `/api/orders/${id}/invoice.pdf`, who);

  it('gives the buyer a PDF invoice naming the number, the lines and the total', async () => {
    const res = await invoice(alice, paidId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="INV-${year}-000001.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    const squeezed = text.replace(/[ \t]+/g, ' ');
    for (const expected of [
      'Kestrel Components',
      'Tax ID: EIN 93-4172058',
      `Invoice: INV-${year}-000001`,
      `Order: SO-${year}-000001`,
      'PO number: PO-7731',
      'Status: PAID',
      'Alice Buyer',
      'alice@example.com',
      '7 Harbour St, Bristol',
      'KC-MEM-32 DDR5 32 GB, server grade 1000 $90.00 $90,000.00',
      'KC-FAN-120 Case fan 120 mm 2000 $6.25 $12,500.00',
      'Total $102,500.00',
      'Paid in full.',
    ]) {
      expect(squeezed).toContain(expected);
    }
    const today = new Date().toISOString().slice(0, 10);
    expect(squeezed).toContain(`Invoice date: ${today}`);
  });

  it('gives an admin the same invoice', async () => {
    const res = await invoice(admin, paidId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="INV-${year}-000001.pdf"`);
    expect(pdfText(res.rawPayload)).toContain(`INV-${year}-000001`);
  });

  it('hides the order from other customers (404) and asks visitors to sign in (401)', async () => {
    const other = await invoice(bob, paidId);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: { code: 'not_found', message: 'Order not found' } });
    const visitor = await invoice(undefined, paidId);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBe('unauthorized');
  });

  it('answers 409 for an order without an invoice number, 404 for an unknown one and 400 for a malformed id', async () => {
    const unpaid = await invoice(alice, unpaidId);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json()).toEqual({
      error: {
        code: 'no_invoice',
        message: 'This order has no invoice yet: an invoice is issued once the order is paid or confirmed on account',
      },
    });
    expect((await invoice(admin, unpaidId)).statusCode).toBe(409);
    expect((await invoice(admin, '0123456789abcdef01234567')).statusCode).toBe(404);
    const malformed = await invoice(alice, 'not-an-id');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('validation_error');
  });
});

// What no order can reach yet (company accounts with payment terms come with B2B §5): drawn from an Order value.
describe('invoice PDF of an on-account order of a company', () => {
  it('shows the company, its tax id, the due date, UNPAID, and continues the lines on further pages', async () => {
    const { renderInvoicePdf } = await import('../../../src/modules/documents/invoice-pdf.js');
    const lines = Array.from({ length: 60 }, (_, i) => ({
      productId: null,
      sku: `KC-P-${i + 1}`,
      name: i === 0 ? 'Cable → 日本 “braided”' : `Part ${i + 1}`,
      quantity: 10,
      unitPrice: 1.5,
      lineTotal: 15,
      shippedQuantity: 0,
      cancelledQuantity: 0,
      returnedQuantity: 0,
    }));
    const pdf = await renderInvoicePdf({
      order: {
        _id: '0123456789abcdef01234567',
        number: 'SO-2026-000417',
        productId: null,
        itemName: 'Cable',
        inputQuantity: 10,
        quantity: 10,
        email: 'buyer@acme.example',
        userName: 'Dana Buyer',
        phone: '555-0199',
        address: '1 Mill Rd, Leeds',
        price: 900,
        paid: false,
        transactionId: null,
        createdAt: '2026-05-01T09:00:00.000Z',
        lines,
        poNumber: 'ACME-PO-9',
        note: null,
        status: 'confirmed',
        statusHistory: [],
        paymentTerms: 'account',
        dueDate: '2026-05-31T00:00:00.000Z',
        expiresAt: null,
        carrier: null,
        trackingNumber: null,
        shipments: [],
        creditNotes: [],
        refundedTotal: 0,
        invoiceNumber: 'INV-2026-000007',
        companyId: 'aaaaaaaaaaaaaaaaaaaaaaaa',
        refunded: false,
        cancelReason: null,
        creditNoteNumber: null,
        quoteId: null,
        source: 'web',
        shipTo: null,
        subtotal: 900,
        taxName: null,
        taxRate: 0,
        taxTotal: 0,
        reverseCharge: false,
        taxExemptionId: null,
        updatedAt: '2026-03-01T09:00:00.000Z',
      },
      issuedAt: '2026-05-01T09:00:00.000Z',
      company: { name: 'Acme Components Ltd', taxId: 'GB 123 4567 89', billingAddress: 'Acme House\n2 Mill Rd, Leeds' },
    });
    const text = pdfText(pdf);
    const squeezed = text.replace(/[ \t]+/g, ' ');
    for (const expected of [
      'Acme Components Ltd',
      'Tax ID: GB 123 4567 89',
      'Dana Buyer',
      'Payment: On account',
      'Due date: 2026-05-31',
      'Status: UNPAID',
      'Acme House',
      '2 Mill Rd, Leeds',
      // The embedded fonts draw any script: the arrow and the ideographs print as typed.
      'KC-P-1 Cable → 日本 “braided” 10 $1.50 $15.00',
      'INV-2026-000007, continued',
      'KC-P-60 Part 60 10 $1.50 $15.00',
      'Total $900.00',
      'Payment on account, due by 2026-05-31. Please quote INV-2026-000007.',
    ]) {
      expect(squeezed).toContain(expected);
    }
    // Noto Sans's taller lines put 60 rows on three pages (Helvetica's fitted two).
    expect(text.split('\f').filter((page) => page.trim() !== '')).toHaveLength(3);
  });
});
