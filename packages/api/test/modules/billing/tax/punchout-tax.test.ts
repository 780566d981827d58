// B2B §13 on punch-out's way of ordering (§17): a procurement system's OrderRequest is taxed by its ShipTo like every
// other order, on both databases.
import type { Order } from '@kestrel/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCompanyWorld, type CompanyWorld } from '../../orders/company-ordering/fixtures.js';
import { databases } from '../../../helpers/databases.js';
import { call } from '../../../helpers/test-app.js';

function orderXml(identity: string, secret: string, orderId: string) {
  return `<?xml version="1.0"?><cXML payloadID="2@buyer" timestamp="2026-01-01T00:00:00Z"><Header>
<Sender><Credential domain="NetworkID"><Identity>${identity}</Identity><SharedSecret>${secret}</SharedSecret></Credential></Sender>
</Header><Request><OrderRequest><OrderRequestHeader orderID="${orderId}" type="new"><ShipTo><Address><Name>Acme</Name>
<PostalAddress><Street>1 Dock Road</Street><City>Boston</City><State>MA</State><PostalCode>02110</PostalCode>
<Country isoCountryCode="US">United States</Country></PostalAddress><Phone><TelephoneNumber><CountryCode isoCountryCode="US">1</CountryCode>
<AreaOrCityCode>555</AreaOrCityCode><Number>0100</Number></TelephoneNumber></Phone></Address></ShipTo></OrderRequestHeader>
<ItemOut quantity="3" lineNumber="1"><ItemID><SupplierPartID>KC-CPU-1</SupplierPartID></ItemID>
<ItemDetail><UnitPrice><Money currency="USD">10.00</Money></UnitPrice></ItemDetail></ItemOut></OrderRequest></Request></cXML>`;
}

describe.each(databases)('tax on punch-out orders (%s)', (kind) => {
  let w: CompanyWorld;
  beforeEach(async () => {
    w = await createCompanyWorld(kind, { paymentTerms: 'net30', creditLimitCents: null });
  });
  afterEach(async () => w.t.close());

  it('taxes an OrderRequest by its ShipTo, on account, the balance owing the total', async () => {
    const rates = await call(w.t.app, 'PUT', '/api/admin/tax-rates', w.admin, {
      rates: [
        { country: 'US', rate: 5, name: 'Sales tax' },
        { country: 'US', region: 'MA', rate: 6.25, name: 'MA sales tax' },
      ],
    });
    expect(rates.statusCode).toBe(200);
    const connection = await call(w.t.app, 'POST', '/api/admin/punchout', w.admin, {
      name: 'Ariba',
      protocol: 'cxml',
      companyId: w.companyId,
      userEmail: 'fay@example.com',
      identity: 'AN0001',
    });
    expect(connection.statusCode, connection.body).toBe(201);
    const { sharedSecret } = connection.json<{ sharedSecret: string }>();
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/punchout/cxml/order',
      payload: orderXml('AN0001', sharedSecret, 'PO-TAX-1'),
      headers: { 'content-type': 'text/xml' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await w.t.app.db.selectFrom('orders').select('id').executeTakeFirstOrThrow();
    const o = (await call(w.t.app, 'GET', `/api/orders/${row.id}`, w.admin)).json<Order>();
    // $30.00 at 6.25% is 187.5 cents: 188.
    expect([o.source, o.status, o.subtotal, o.taxName, o.taxRate, o.taxTotal, o.price]).toEqual([
      'punchout',
      'confirmed',
      30,
      'MA sales tax',
      6.25,
      1.88,
      31.88,
    ]);
    const account = await call(w.t.app, 'GET', `/api/admin/companies/${w.companyId}/balance`, w.admin);
    expect(account.json()).toMatchObject({ balance: 31.88 });
  });
});
