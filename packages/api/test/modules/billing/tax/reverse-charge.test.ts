// B2B §13's EU reverse charge on both databases, with a shop in Germany: a company whose tax id is a well-formed VAT
// number of the ship-to's member state (another than the shop's) pays no VAT and its order says so; a malformed or
// foreign number, a person, or a ship-to in the shop's own country pays the ship-to country's rate.
import { execFileSync } from 'node:child_process';
import type { CartTotals, Order } from '@kestrel/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confirmedOwner } from '../../companies/invite-fixtures.js';
import { databases } from '../../../helpers/databases.js';
import {
  ADMIN,
  addProduct,
  call,
  createTestApp,
  logIn,
  signUp,
  type SignedIn,
  type TestApp,
} from '../../../helpers/test-app.js';

const PARIS = { line1: '1 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' };
const BERLIN = { line1: 'Alexanderplatz 1', city: 'Berlin', postalCode: '10178', country: 'DE' };
const VIENNA = { line1: 'Ring 1', city: 'Wien', postalCode: '1010', country: 'AT' };

describe.each(databases)('reverse charge (%s)', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let owner: SignedIn;
  let product: string;
  beforeEach(async () => {
    t = await createTestApp(kind, { SHOP_COUNTRY: 'DE', SHOP_TAX_ID: 'DE136695976' });
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    ({ owner } = await confirmedOwner(t.app, 'Odile Owner', 'odile@example.com', 'Pièces SA'));
    product = await addProduct(t.app, admin, { name: 'Relay', sku: 'KC-R-1', price: 12.34, quantity: 1 });
    const rates = await call(t.app, 'PUT', '/api/admin/tax-rates', admin, {
      rates: [
        { country: 'DE', rate: 19, name: 'MwSt' },
        { country: 'FR', rate: 20, name: 'TVA' },
        { country: 'AT', rate: 20, name: 'USt' },
      ],
    });
    expect(rates.statusCode, rates.body).toBe(200);
  });
  afterEach(async () => t.close());

  const setTaxId = async (taxId: string | null) => {
    const res = await call(t.app, 'PATCH', '/api/companies/mine', owner, { taxId });
    expect(res.statusCode, res.body).toBe(200);
  };
  const totalsTo = async (who: SignedIn, address: object) => {
    const res = await call(t.app, 'POST', '/api/cart/totals', who, { shipTo: { address } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CartTotals>();
  };
  const orderTo = async (who: SignedIn, address: object) => {
    const res = await call(t.app, 'POST', '/api/orders', who, {
      lines: [{ productId: product, quantity: 10 }],
      phone: '+33 1 00 00 00 00',
      address: 'x',
      shipTo: { address },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { subtotal, taxName, taxRate, taxTotal, price, reverseCharge } = res.json<{ order: Order }>().order;
    return { subtotal, taxName, taxRate, taxTotal, price, reverseCharge };
  };

  it('charges no VAT to a company with a valid VAT number of another member state, and says so', async () => {
    await setTaxId('FR 40 303 265 045');
    expect(await orderTo(owner, PARIS)).toEqual({
      subtotal: 123.4,
      taxName: null,
      taxRate: 0,
      taxTotal: 0,
      price: 123.4,
      reverseCharge: true,
    });
    await call(t.app, 'PUT', '/api/cart', owner, { lines: [{ productId: product, quantity: 1 }] });
    expect((await call(t.app, 'POST', '/api/cart/totals', owner, { shipTo: { address: PARIS } })).json()).toMatchObject(
      { taxTotal: 0, total: 12.34, reverseCharge: true, taxName: null },
    );
    expect((await totalsTo(owner, PARIS)).taxNote).toBe('Reverse charge: your company accounts for the VAT.');
    // At home there is no reverse charge to explain.
    expect((await totalsTo(owner, BERLIN)).taxNote).toBeNull();
    // To the shop's own country, the same company pays German VAT: 19% of $123.40 is $23.446: $23.45.
    expect(await orderTo(owner, BERLIN)).toEqual({
      subtotal: 123.4,
      taxName: 'MwSt',
      taxRate: 19,
      taxTotal: 23.45,
      price: 146.85,
      reverseCharge: false,
    });
    // A French number does not qualify an order to Austria: Austrian VAT.
    expect(await orderTo(owner, VIENNA)).toMatchObject({ taxName: 'USt', taxTotal: 24.68, reverseCharge: false });
  });

  it('charges the ship-to rate for a wrong check digit, no number, or a person', async () => {
    await setTaxId('FR00303265045');
    await call(t.app, 'PUT', '/api/cart', owner, { lines: [{ productId: product, quantity: 1 }] });
    // The checkout says why before the order is placed.
    expect(await totalsTo(owner, PARIS)).toMatchObject({
      taxName: 'TVA',
      taxTotal: 2.47,
      total: 14.81,
      reverseCharge: false,
      taxNote: 'The reverse charge does not apply: FR00303265045 is not a well-formed France VAT number.',
    });
    expect(await orderTo(owner, PARIS)).toEqual({
      subtotal: 123.4,
      taxName: 'TVA',
      taxRate: 20,
      taxTotal: 24.68,
      price: 148.08,
      reverseCharge: false,
    });
    await setTaxId('40303265045');
    expect((await orderTo(owner, PARIS)).reverseCharge).toBe(false);
    await setTaxId(null);
    expect((await orderTo(owner, PARIS)).taxTotal).toBe(24.68);
    expect((await totalsTo(owner, PARIS)).taxNote).toBe(
      'The reverse charge does not apply: your company has no VAT number on record.',
    );
    const person = await signUp(t.app, 'Paul Person', 'paul@example.com');
    await call(t.app, 'PUT', '/api/cart', person, { lines: [{ productId: product, quantity: 1 }] });
    expect((await totalsTo(person, PARIS)).taxNote).toBeNull();
    expect(await orderTo(person, PARIS)).toMatchObject({ taxName: 'TVA', taxTotal: 24.68, reverseCharge: false });
  });

  it('prints the reverse charge and both VAT numbers on the invoice', async () => {
    await setTaxId('FR40303265045');
    const [company] = (await call(t.app, 'GET', '/api/admin/companies', admin)).json<Array<{ _id: string }>>();
    const terms = await call(t.app, 'PATCH', `/api/admin/companies/${company?._id ?? ''}`, admin, {
      paymentTerms: 'net30',
    });
    expect(terms.statusCode, terms.body).toBe(200);
    const res = await call(t.app, 'POST', '/api/orders', owner, {
      lines: [{ productId: product, quantity: 10 }],
      phone: '+33 1 00 00 00 00',
      address: 'x',
      paymentTerms: 'account',
      shipTo: { address: PARIS },
    });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json<{ order: Order }>().order;
    expect([placed.status, placed.reverseCharge, placed.price]).toEqual(['confirmed', true, 123.4]);
    const pdf = await call(t.app, 'GET', `/api/orders/${placed._id}/invoice.pdf`, owner);
    expect(pdf.statusCode).toBe(200);
    const text = execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload })
      .toString('utf8')
      .replace(/\s+/g, ' ');
    for (const expected of [
      'Tax ID: DE136695976',
      'Tax ID: FR40303265045',
      'Subtotal $123.40',
      'VAT (reverse charge) 0% $0.00',
      'Total $123.40',
      'Reverse charge: the customer accounts for the VAT (reverse charge). Seller VAT number: DE136695976. ' +
        'Customer VAT number: FR40303265045.',
    ]) {
      expect(text).toContain(expected);
    }
  });
});
