// B2B §13's rate table on both databases: PUT /api/admin/tax-rates replaces it whole or not at all (400 naming every
// bad row by its index), GET answers it as sent, the administrator alone may do either, and each replace is audited.
import type { TaxRates } from '@kestrel/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditPage, entryOf } from '../../audit/audit-fixtures.js';
import { databases } from '../../../helpers/databases.js';
import { ADMIN, call, createTestApp, logIn, signUp, type SignedIn, type TestApp } from '../../../helpers/test-app.js';

const TABLE = [
  { country: 'US', region: 'CA', rate: 7.25, name: 'Sales tax' },
  { country: 'US', rate: 0, name: 'Sales tax' },
  { country: 'DE', region: null, rate: 19, name: 'VAT' },
  { country: 'US', region: 'NY', rate: 8.875, name: 'Sales tax' },
];

describe.each(databases)('tax rates (%s)', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let customer: SignedIn;
  beforeEach(async () => {
    t = await createTestApp(kind, { SHOP_COUNTRY: 'DE', SHOP_TAX_ID: 'DE136695976' });
    admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    customer = await signUp(t.app, 'Cal Customer', 'cal@example.com');
  });
  afterEach(async () => t.close());

  const put = (rates: unknown[], who: SignedIn | undefined = admin) =>
    call(t.app, 'PUT', '/api/admin/tax-rates', who, { rates });
  const table = async () => (await call(t.app, 'GET', '/api/admin/tax-rates', admin)).json<TaxRates>().rates;

  it('starts empty, replaces the table whole and answers it as sent, each replace audited', async () => {
    expect(await table()).toEqual([]);
    const res = await put(TABLE);
    expect(res.statusCode, res.body).toBe(200);
    const expected = [
      { country: 'US', region: 'CA', rate: 7.25, name: 'Sales tax' },
      { country: 'US', region: null, rate: 0, name: 'Sales tax' },
      { country: 'DE', region: null, rate: 19, name: 'VAT' },
      { country: 'US', region: 'NY', rate: 8.875, name: 'Sales tax' },
    ];
    expect(res.json()).toEqual({ rates: expected });
    expect(await table()).toEqual(expected);
    const entry = await entryOf(t.app, admin, res);
    expect(entry).toMatchObject({
      action: 'taxRates.replaced',
      targetType: 'taxRates',
      targetId: null,
      summary: 'Replaced the tax rates (4 rows)',
      changes: { rates: [[], expected] },
    });

    const again = await put([{ country: 'FR', rate: 20, name: ' TVA ' }]);
    expect(again.json()).toEqual({ rates: [{ country: 'FR', region: null, rate: 20, name: 'TVA' }] });
    expect(await table()).toEqual([{ country: 'FR', region: null, rate: 20, name: 'TVA' }]);
    expect((await put([])).json()).toEqual({ rates: [] });
    expect(await table()).toEqual([]);
  });

  it('shows the shop country and tax id as configured', async () => {
    const res = await call(t.app, 'GET', '/api/admin/tax-settings', admin);
    expect([res.statusCode, res.json()]).toEqual([200, { shopCountry: 'DE', shopTaxId: 'DE136695976' }]);
  });

  it('refuses every bad row by its index and changes nothing', async () => {
    expect((await put(TABLE)).statusCode).toBe(200);
    const before = await auditPage(t.app, admin, 'pageSize=100');
    const res = await put([
      { country: 'US', region: 'CA', rate: 7.25, name: 'Sales tax' },
      { country: 'DE', rate: 30.001, name: 'VAT' },
      { country: 'FR', rate: 19.1234, name: 'TVA' },
      { country: 'XX', rate: 5, name: 'Tax' },
      { country: 'de', rate: 5, name: 'Tax' },
      { country: 'US', region: 'ZZ', rate: 5, name: 'Sales tax' },
      { country: 'DE', region: 'BY', rate: 5, name: 'VAT' },
      { country: 'US', region: 'CA', rate: 8, name: 'Sales tax' },
      { country: 'AT', rate: -1, name: 'USt' },
      { country: 'AT', rate: 20, name: '' },
      { country: 'AT', rate: 20, name: 'x'.repeat(41) },
      { country: 'AT', rate: '20', name: 'USt' },
      'AT 20',
      { country: 'IT', rate: 30, name: 'IVA' },
      { country: 'IT', region: null, rate: 22, name: 'IVA' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'tax_rates_invalid',
        message: 'Some tax rates are invalid: see error.rows',
        rows: [
          { index: 1, message: 'rate must be a percentage from 0 to 30' },
          { index: 2, message: 'rate must have at most 3 decimals' },
          { index: 3, message: 'country must be an ISO 3166-1 alpha-2 code in upper case, such as US or DE' },
          { index: 4, message: 'country must be an ISO 3166-1 alpha-2 code in upper case, such as US or DE' },
          { index: 5, message: 'region must be a US state (or DC) code, such as CA' },
          {
            index: 6,
            message: 'region is taken only for countries whose addresses carry a checked region (US, CA), not DE',
          },
          { index: 7, message: 'US CA has a row already: one row per country and region' },
          { index: 8, message: 'rate must be a percentage from 0 to 30' },
          { index: 9, message: 'name must be one line of 1 to 40 characters' },
          { index: 10, message: 'name must be one line of 1 to 40 characters' },
          { index: 11, message: 'rate must be a number (a percentage)' },
          { index: 12, message: 'a rate must be an object { country, region?, rate, name }' },
          { index: 14, message: 'IT without region has a row already: one row per country and region' },
        ],
      },
    });
    expect((await table()).map((r) => `${r.country}${r.region ?? ''}`)).toEqual(['USCA', 'US', 'DE', 'USNY']);
    expect((await auditPage(t.app, admin, 'pageSize=100')).items).toEqual(before.items);

    const shape = await call(t.app, 'PUT', '/api/admin/tax-rates', admin, { rates: 'all' });
    expect([shape.statusCode, shape.json().error.message]).toEqual([400, 'rates must be a list']);
    const many = await put(Array.from({ length: 501 }, () => ({ country: 'US', rate: 1, name: 'x' })));
    expect([many.statusCode, many.json().error.message]).toEqual([400, 'rates holds at most 500 rows']);
  });

  it('answers 401 to anonymous callers and 403 to customers and staff without admin.manage', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { rates: [] }],
    ] as const) {
      expect((await call(t.app, method, '/api/admin/tax-rates', undefined, body)).statusCode).toBe(401);
      expect((await call(t.app, method, '/api/admin/tax-rates', customer, body)).statusCode).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/admin/tax-settings', customer)).statusCode).toBe(403);
    const finance = await signUp(t.app, 'Fin Ance', 'fin@example.com');
    await t.app.db.updateTable('users').set({ email_verified: 1 }).where('id', '=', finance.id).execute();
    expect((await call(t.app, 'PUT', '/api/admin/staff/fin@example.com', admin, { role: 'finance' })).statusCode).toBe(
      200,
    );
    const staff = await logIn(t.app, 'fin@example.com', 'password-123');
    expect((await put([], staff)).statusCode).toBe(403);
    expect(await table()).toEqual([]);
  });
});
