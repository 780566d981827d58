// The company on every document (B2B §5, §6, issue #25), on both databases: buyers named in Latin with diacritics,
// Cyrillic, Japanese and Greek get invoices and credit notes that print their names exactly (read back with
// pdftotext; no '?'), the company's name, tax id and two-line billing address, and an on-account order's due date; an
// order without a company prints as before; the orders CSV names the company. The companies API is another module's
// work, so the company row and the order's terms are written to the database directly.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import {
  ADMIN,
  addProduct,
  call,
  createTestApp,
  logIn,
  signUp,
  type SignedIn,
  type TestApp,
} from '../../helpers/test-app.js';
import { payOrder, placeOrder } from './document-fixtures.js';

/** The text of a PDF in reading order, runs of blanks squeezed to one space. */
function pdfText(pdf: Buffer): string {
  return execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: pdf })
    .toString('utf8')
    .replace(/[ \t]+/g, ' ');
}

const COMPANY_ID = 'c0ffee0000000000000000a1';
const COMPANY = {
  name: 'Ørsted & Søn Industri A/S',
  taxId: 'DK 12 34 56 78',
  billingAddress: 'Unit 4, Mill Yard\nLeeds LS1 4AB',
};
const NAMES = ['Zoë Łukasiewicz-Ñúñez', 'Дмитрий Иванов', '山田太郎', 'Σωκράτης'] as const;

describe.each(databases)('company documents on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let alice: SignedIn;
  /** Each buyer (by name) and their invoiced company order. */
  const buyers: Array<{ name: string; who: SignedIn; orderId: string }> = [];
  let onAccountId: string;
  let personalId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    const fan = await addProduct(t.app, admin, { sku: 'KC-FAN-120', name: 'Case fan 120 mm', price: 6.25 });
    const now = new Date().toISOString();
    await t.app.db
      .insertInto('companies')
      .values({
        id: COMPANY_ID,
        name: COMPANY.name,
        tax_id: COMPANY.taxId,
        billing_address: COMPANY.billingAddress,
        payment_terms: 'net30',
        credit_limit_cents: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    for (const [i, name] of NAMES.entries()) {
      const who = await signUp(t.app, name, `buyer${i}@example.com`);
      const orderId = await placeOrder(t.app, who, fan);
      await t.app.db.updateTable('orders').set({ company_id: COMPANY_ID }).where('id', '=', orderId).execute();
      // A member as buyer: a company order's card payment is its members' alone (B2B §4, issue 47).
      await t.app.db
        .insertInto('company_members')
        .values({ user_id: who.id, company_id: COMPANY_ID, role: 'buyer', spending_limit_cents: null, joined_at: now })
        .execute();
      buyers.push({ name, who, orderId });
    }
    // The first buyer's order is on account (net 30): confirmed unpaid, due, invoiced; the others are paid by card.
    onAccountId = buyers[0]!.orderId;
    await t.app.db
      .updateTable('orders')
      .set({
        status: 'confirmed',
        payment_terms: 'account',
        due_date: '2026-06-30T00:00:00.000Z',
        expires_at: null,
        invoice_number: 'INV-2026-000101',
      })
      .where('id', '=', onAccountId)
      .execute();
    for (const buyer of buyers.slice(1)) await payOrder(t.app, buyer.who, buyer.orderId);
    alice = await signUp(t.app, 'Alice Buyer', 'alice@example.com');
    personalId = await placeOrder(t.app, alice, fan);
    await payOrder(t.app, alice, personalId);
  });
  afterAll(() => t.close());

  const invoice = (who: SignedIn, id: string) => call(t.app, 'GET', `/api/orders/${id}/invoice.pdf`, who);

  it('prints every buyer name exactly, with the company, its tax id and both lines of its billing address', async () => {
    for (const { name, who, orderId } of buyers) {
      const res = await invoice(who, orderId);
      expect(res.statusCode).toBe(200);
      const text = pdfText(res.rawPayload);
      expect(text).toContain(`Ordered by: ${name}, `);
      expect(text).toContain(COMPANY.name);
      expect(text).toContain(`Tax ID: ${COMPANY.taxId}`);
      expect(text).toContain('Unit 4, Mill Yard');
      expect(text).toContain('Leeds LS1 4AB');
      expect(text).not.toContain('Unit 4, Mill Yard Leeds');
      expect(text).toContain('Deliver to: 1 Dock Rd');
      expect(text).not.toContain('?');
    }
  });

  it("shows an on-account order's terms and due date", async () => {
    const text = pdfText((await invoice(buyers[0]!.who, onAccountId)).rawPayload);
    for (const expected of [
      'Invoice: INV-2026-000101',
      'Payment: On account',
      'Due date: 2026-06-30',
      'Status: UNPAID',
      'Payment on account, due by 2026-06-30. Please quote INV-2026-000101.',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints an order without a company as before: the buyer, the address, the phone, no company lines', async () => {
    const text = pdfText((await invoice(alice, personalId)).rawPayload);
    const billTo = text.slice(text.indexOf('Bill to'), text.indexOf('SKU'));
    expect(
      billTo
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    ).toEqual(['Bill to', 'Alice Buyer', 'alice@example.com', '1 Dock Rd', '555-0100']);
  });

  it('gives the credit note of a company order the same company block and the due date it released', async () => {
    await t.app.db
      .updateTable('orders')
      .set({ status: 'cancelled', credit_note_number: 'CN-2026-000009', credit_note_at: '2026-06-02T10:00:00.000Z' })
      .where('id', '=', onAccountId)
      .execute();
    const res = await call(t.app, 'GET', `/api/orders/${onAccountId}/credit-note.pdf`, buyers[0]!.who);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    for (const expected of [
      'Credit note: CN-2026-000009',
      'Date: 2026-06-02',
      'Credits invoice: INV-2026-000101',
      'Invoice due date: 2026-06-30',
      COMPANY.name,
      `Tax ID: ${COMPANY.taxId}`,
      'Unit 4, Mill Yard',
      'Leeds LS1 4AB',
      `Ordered by: ${NAMES[0]}, buyer0@example.com`,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('?');
    // A personal order's credit note has no company lines.
    const personal = await call(t.app, 'GET', `/api/orders/${personalId}/credit-note.pdf`, alice);
    expect(personal.statusCode).toBe(409);
  });

  it("fills the CSV's company column with the company's name, and leaves it empty for a personal order", async () => {
    const res = await call(t.app, 'GET', '/api/orders.csv', admin);
    expect(res.statusCode).toBe(200);
    const rows = res.body.split('\r\n').slice(1, -1);
    const companyOf = (orderId: string) => {
      const row = rows.find((r) => r.startsWith(`${orderId},`));
      // orderId,createdAt,status,poNumber,email,company,...: the company is the sixth cell.
      return row?.split(',')[5];
    };
    for (const { orderId } of buyers) expect(companyOf(orderId)).toBe(COMPANY.name);
    expect(companyOf(personalId)).toBe('');
    // A member's export carries the company too, on their own order's row (their colleagues' orders are in it as well).
    const own = await call(t.app, 'GET', '/api/orders.csv', buyers[1]!.who);
    const ownRow = own.body.split('\r\n').find((line) => line.startsWith(`${buyers[1]!.orderId},`));
    expect(ownRow).toContain(`,buyer1@example.com,${COMPANY.name},KC-FAN-120,`);
  });
});
