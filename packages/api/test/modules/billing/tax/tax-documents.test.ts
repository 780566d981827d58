// B2B §13 on the documents, read back with poppler's pdftotext, on both databases: the invoice shows the subtotal, the
// tax line with its name and rate, the total, the seller's SHOP_TAX_ID and the buyer's tax id, and the exemption or
// reverse-charge note; the credit note credits exactly the order's tax; orders.csv and the admin's stats.
import { execFileSync } from 'node:child_process';
import type { Order } from '@kestrel/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCompanyWorld, placed, type CompanyWorld } from '../../orders/company-ordering/fixtures.js';
import { databases } from '../../../helpers/databases.js';
import { call } from '../../../helpers/test-app.js';

const pdfText = (pdf: Buffer) =>
  execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: pdf })
    .toString('utf8')
    .replace(/[ \t]+/g, ' ');
const NEW_YORK = { line1: '1 Broadway', city: 'New York', postalCode: '10004', region: 'NY', country: 'US' };

describe.each(databases)('tax on documents (%s)', (kind) => {
  let w: CompanyWorld;
  beforeEach(async () => {
    w = await createCompanyWorld(kind, { paymentTerms: 'net30', creditLimitCents: null });
    const rates = await call(w.t.app, 'PUT', '/api/admin/tax-rates', w.admin, {
      rates: [
        { country: 'US', rate: 5, name: 'Sales tax' },
        { country: 'US', region: 'NY', rate: 8.875, name: 'NY sales tax' },
      ],
    });
    expect(rates.statusCode).toBe(200);
    await call(w.t.app, 'PATCH', '/api/companies/mine', w.owner, { taxId: 'EIN 12-3456789' });
  });
  afterEach(async () => w.t.close());

  const pdf = async (id: string, kind: 'invoice' | 'credit-note') => {
    const res = await call(w.t.app, 'GET', `/api/orders/${id}/${kind}.pdf`, w.owner);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    return pdfText(res.rawPayload);
  };

  it('prints the subtotal, tax line and total on the invoice, and credits exactly the tax', async () => {
    // 7 CPUs: $70.00 at 8.875% is 621.25 cents: $6.21.
    const o = await placed(w, w.owner, 7, { paymentTerms: 'account', shipTo: { address: NEW_YORK } });
    expect([o.status, o.subtotal, o.taxTotal, o.price]).toEqual(['confirmed', 70, 6.21, 76.21]);
    const invoice = await pdf(o._id, 'invoice');
    for (const expected of [
      'Tax ID: EIN 93-4172058',
      'Tax ID: EIN 12-3456789',
      'Subtotal $70.00',
      'NY sales tax 8.875% $6.21',
      'Total $76.21',
    ]) {
      expect(invoice).toContain(expected);
    }
    // The balance owes the total with tax.
    const balance = await call(w.t.app, 'GET', '/api/company/account', w.owner);
    expect(balance.json()).toMatchObject({ balance: 76.21 });

    expect((await call(w.t.app, 'POST', `/api/orders/${o._id}/cancel`, w.admin, { reason: 'x' })).statusCode).toBe(200);
    const note = await pdf(o._id, 'credit-note');
    for (const expected of [
      'Subtotal credited $70.00',
      'NY sales tax 8.875% credited $6.21',
      'Total credited $76.21',
    ]) {
      expect(note).toContain(expected);
    }
  });

  it('notes the exemption with its certificate id', async () => {
    const set = await call(w.t.app, 'PATCH', `/api/admin/companies/${w.companyId}`, w.admin, {
      taxExempt: true,
      taxExemptionId: 'NY-ST-119-4471',
    });
    expect(set.statusCode, set.body).toBe(200);
    const o = await placed(w, w.owner, 7, { paymentTerms: 'account', shipTo: { address: NEW_YORK } });
    expect([o.taxTotal, o.price, o.taxExemptionId]).toEqual([0, 70, 'NY-ST-119-4471']);
    const invoice = await pdf(o._id, 'invoice');
    for (const expected of [
      'Subtotal $70.00',
      'Tax (exempt) 0% $0.00',
      'Total $70.00',
      'Tax exempt: exemption certificate NY-ST-119-4471.',
    ]) {
      expect(invoice).toContain(expected);
    }
  });

  it('adds subtotal, taxTotal and country to orders.csv and counts revenue net of tax in the stats', async () => {
    const taxed = await placed(w, w.owner, 7, { paymentTerms: 'account', shipTo: { address: NEW_YORK } });
    const plain = await placed(w, w.outsider, 2);
    const csv = (await call(w.t.app, 'GET', '/api/orders.csv', w.admin)).body.split('\r\n');
    expect(csv[0]).toBe(
      'orderId,createdAt,status,poNumber,email,company,sku,name,quantity,unitPrice,lineTotal,orderTotal,paid,' +
        'orderNumber,subtotal,taxTotal,country',
    );
    const rowOf = (id: string) =>
      csv
        .find((line) => line.startsWith(id))
        ?.split(',')
        .slice(11);
    expect(rowOf(taxed._id)).toEqual(['76.21', 'false', taxed.number, '70.00', '6.21', 'US']);
    expect(rowOf(plain._id)).toEqual(['21.00', 'false', plain.number, '20.00', '1.00', 'US']);

    // Revenue counts paid orders: mark the on-account one paid.
    const paid = await call(w.t.app, 'POST', `/api/orders/${taxed._id}/mark-paid`, w.admin, { reference: 'BANK-1' });
    expect(paid.statusCode, paid.body).toBe(200);
    const stats = (await call(w.t.app, 'GET', '/api/admin/stats', w.admin)).json<{
      revenue: Array<{ day: string; total: number }>;
      taxTotal: number;
      topProducts: Array<{ revenue: number }>;
    }>();
    expect(stats.revenue.reduce((sum, d) => sum + d.total, 0)).toBe(70);
    expect(stats.taxTotal).toBe(6.21);
    expect(stats.topProducts[0]?.revenue).toBe(70);
    expect((await call(w.t.app, 'GET', `/api/orders/${taxed._id}`, w.admin)).json<Order>().price).toBe(76.21);
  });
});
