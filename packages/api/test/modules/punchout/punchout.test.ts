// Punch-out (B2B §17) through HTTP on both databases: connections, cXML setup, OCI sign-in, the start token, the
// punch-out session's refusal to order, the transfer page parsed back, and OrderRequest's order (idempotent).
import { XMLParser } from 'fast-xml-parser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCompanyWorld, type CompanyWorld } from '../orders/company-ordering/fixtures.js';
import { databases } from '../../helpers/databases.js';
import { call } from '../../helpers/test-app.js';

const RETURN = 'https://buyer.example.com/punchout/return?x=1&y=2';

function setupXml(identity: string, secret: string, extra = '') {
  return `<?xml version="1.0"?><!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="1@buyer" timestamp="2026-01-01T00:00:00Z"><Header>
<From><Credential domain="NetworkID"><Identity>${identity}</Identity></Credential></From>
<To><Credential domain="DUNS"><Identity>kestrel</Identity></Credential></To>
<Sender><Credential domain="NetworkID"><Identity>${identity}</Identity><SharedSecret>${secret}</SharedSecret></Credential></Sender>
</Header><Request><PunchOutSetupRequest operation="create"><BuyerCookie>cookie &lt;1&gt;</BuyerCookie>
<BrowserFormPost><URL>${RETURN.replace('&', '&amp;')}</URL></BrowserFormPost>${extra}</PunchOutSetupRequest></Request></cXML>`;
}

function orderXml(identity: string, secret: string, orderId: string, price: string, quantity = 3) {
  return `<?xml version="1.0"?><cXML payloadID="2@buyer" timestamp="2026-01-01T00:00:00Z"><Header>
<Sender><Credential domain="NetworkID"><Identity>${identity}</Identity><SharedSecret>${secret}</SharedSecret></Credential></Sender>
</Header><Request><OrderRequest><OrderRequestHeader orderID="${orderId}" type="new"><ShipTo><Address><Name>Acme</Name>
<PostalAddress><Street>1 Dock Road</Street><City>Boston</City><State>MA</State><PostalCode>02110</PostalCode>
<Country isoCountryCode="US">United States</Country></PostalAddress><Phone><TelephoneNumber><CountryCode isoCountryCode="US">1</CountryCode>
<AreaOrCityCode>555</AreaOrCityCode><Number>0100</Number></TelephoneNumber></Phone></Address></ShipTo></OrderRequestHeader>
<ItemOut quantity="${quantity}" lineNumber="1"><ItemID><SupplierPartID>KC-CPU-1</SupplierPartID></ItemID>
<ItemDetail><UnitPrice><Money currency="USD">${price}</Money></UnitPrice></ItemDetail></ItemOut></OrderRequest></Request></cXML>`;
}

const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false });
const post = (w: CompanyWorld, url: string, payload: string) =>
  w.t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'text/xml' } });

describe.each(databases)('punch-out (%s)', (kind) => {
  let w: CompanyWorld;
  beforeEach(async () => {
    w = await createCompanyWorld(kind, { paymentTerms: 'net30', creditLimitCents: null });
  });
  afterEach(async () => w.t.close());

  async function connect(protocol: 'cxml' | 'oci') {
    const res = await call(w.t.app, 'POST', '/api/admin/punchout', w.admin, {
      name: 'Ariba',
      protocol,
      companyId: w.companyId,
      userEmail: 'fay@example.com',
      ...(protocol === 'cxml' ? { identity: 'AN0001' } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ _id: string; sharedSecret: string; setupUrl: string }>();
  }

  async function startSession(secret: string) {
    const setup = await post(w, '/punchout/cxml/setup', setupXml('AN0001', secret));
    expect(setup.statusCode, setup.body).toBe(200);
    const url: string = xml.parse(setup.body).cXML.Response.PunchOutSetupResponse.StartPage.URL;
    const startToken = url.split('/punchout/start/')[1] ?? '';
    const session = await call(w.t.app, 'POST', '/api/punchout/session', undefined, { startToken });
    expect(session.statusCode, session.body).toBe(200);
    return { startToken, token: session.json<{ token: string }>().token };
  }

  it('creates connections for an administrator only, shows the secret once and deletes them', async () => {
    for (const who of [undefined, w.owner]) {
      const res = await call(w.t.app, 'GET', '/api/admin/punchout', who);
      expect(res.statusCode).toBe(who ? 403 : 401);
    }
    const viewer = await call(w.t.app, 'POST', '/api/admin/punchout', w.admin, {
      name: 'x',
      protocol: 'oci',
      companyId: w.companyId,
      userEmail: 'vic@example.com',
    });
    expect(viewer.statusCode).toBe(409);
    const noIdentity = await call(w.t.app, 'POST', '/api/admin/punchout', w.admin, {
      name: 'x',
      protocol: 'cxml',
      companyId: w.companyId,
      userEmail: 'fay@example.com',
    });
    expect(noIdentity.statusCode).toBe(400);
    const created = await connect('cxml');
    expect(created.sharedSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.setupUrl).toBe('http://localhost:3000/punchout/cxml/setup');
    const list = await call(w.t.app, 'GET', '/api/admin/punchout', w.admin);
    expect(list.json()).toEqual([
      {
        _id: created._id,
        name: 'Ariba',
        protocol: 'cxml',
        companyId: w.companyId,
        companyName: 'Acme Parts',
        userEmail: 'fay@example.com',
        identity: 'AN0001',
        createdAt: expect.any(String),
        setupUrl: 'http://localhost:3000/punchout/cxml/setup',
        orderUrl: 'http://localhost:3000/punchout/cxml/order',
      },
    ]);
    const row = await w.t.app.db.selectFrom('punchout_connections').selectAll().executeTakeFirstOrThrow();
    expect(row.secret_hash).not.toContain(created.sharedSecret);
    expect((await call(w.t.app, 'DELETE', `/api/admin/punchout/${created._id}`, w.admin)).statusCode).toBe(204);
    expect((await call(w.t.app, 'DELETE', `/api/admin/punchout/${created._id}`, w.admin)).statusCode).toBe(404);
  });

  it('runs a cXML punch-out: setup, one start, no ordering, transfer at the company prices, session ended', async () => {
    const { sharedSecret } = await connect('cxml');
    const wrong = await post(w, '/punchout/cxml/setup', setupXml('AN0001', 'nope'));
    expect(wrong.statusCode).toBe(401);
    expect(xml.parse(wrong.body).cXML.Response.Status['@_code']).toBe('401');
    const { startToken, token } = await startSession(sharedSecret);
    const again = await call(w.t.app, 'POST', '/api/punchout/session', undefined, { startToken });
    expect(again.statusCode).toBe(401);
    const auth = { authorization: `Bearer ${token}` };
    // The storefront learns from /auth/me that this is a punch-out session (its bar); no other session says so.
    const me = await w.t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth });
    expect(me.json()).toMatchObject({ email: 'fay@example.com', punchout: true });
    const ownMe = await call(w.t.app, 'GET', '/api/auth/me', w.owner);
    expect(ownMe.statusCode).toBe(200);
    expect(ownMe.json()).not.toHaveProperty('punchout');
    const add = await w.t.app.inject({
      method: 'PUT',
      url: '/api/cart',
      headers: auth,
      payload: { lines: [{ productId: w.cpu, quantity: 3 }] },
    });
    expect(add.statusCode, add.body).toBe(200);
    const order = await w.t.app.inject({
      method: 'POST',
      url: '/api/cart/checkout',
      headers: auth,
      payload: { phone: '1', address: 'x' },
    });
    expect(order.statusCode).toBe(403);
    const transfer = await w.t.app.inject({
      method: 'POST',
      url: '/api/punchout/transfer',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(token)}`,
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
    expect(transfer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(transfer.headers['content-security-policy']).toContain("form-action 'self' https://buyer.example.com");
    expect(transfer.body).not.toMatch(/<script>/);
    expect(transfer.body).toContain('action="https://buyer.example.com/punchout/return?x=1&amp;y=2"');
    const value = /name="cxml-urlencoded" value="([^"]*)"/.exec(transfer.body)?.[1] ?? '';
    const unescaped = value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    const message = xml.parse(unescaped).cXML;
    expect(message['@_payloadID']).toMatch(/@localhost:3000$/);
    const po = message.Message.PunchOutOrderMessage;
    expect(po.BuyerCookie).toBe('cookie <1>');
    expect(po.PunchOutOrderMessageHeader['@_operationAllowed']).toBe('edit');
    expect(po.PunchOutOrderMessageHeader.Total.Money['#text']).toBe('30.00');
    expect(po.ItemIn['@_quantity']).toBe('3');
    expect(po.ItemIn.ItemID.SupplierPartID).toBe('KC-CPU-1');
    expect(po.ItemIn.ItemID.SupplierPartAuxiliaryID).toBe(w.cpu);
    expect(po.ItemIn.ItemDetail.UnitPrice.Money['#text']).toBe('10.00');
    expect(po.ItemIn.ItemDetail.Classification['#text']).toBe('43200000');
    const after = await w.t.app.inject({ method: 'GET', url: '/api/cart', headers: auth });
    expect(after.statusCode).toBe(401);
    expect(await w.t.app.db.selectFrom('cart_lines').selectAll().execute()).toEqual([]);
  });

  it('refuses XXE and billion laughs fast, and malformed XML, with Status 400', async () => {
    const { sharedSecret } = await connect('cxml');
    const xxe = `<?xml version="1.0"?><!DOCTYPE cXML [<!ENTITY x SYSTEM "file:///etc/passwd">]><cXML>&x;</cXML>`;
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><lolz>&lol2;</lolz>`;
    for (const body of [
      xxe,
      laughs,
      '<cXML><Header>',
      setupXml('AN0001', sharedSecret).replace('<BuyerCookie>cookie &lt;1&gt;</BuyerCookie>', ''),
    ]) {
      const started = Date.now();
      const res = await post(w, '/punchout/cxml/setup', body);
      expect(res.statusCode).toBe(400);
      expect(xml.parse(res.body).cXML.Response.Status['@_code']).toBe('400');
      expect(res.body).not.toContain('root:');
      expect(Date.now() - started).toBeLessThan(1000);
    }
  });

  it('signs an OCI system in with HOOK_URL and transfers NEW_ITEM fields', async () => {
    const { _id, sharedSecret } = await connect('oci');
    const bad = await w.t.app.inject({
      method: 'GET',
      url: `/punchout/oci/${_id}?USERNAME=fay@example.com&PASSWORD=x&HOOK_URL=https://srm.example.com/hook`,
    });
    expect(bad.statusCode).toBe(401);
    expect(
      (await w.t.app.inject({ method: 'GET', url: `/punchout/oci/${'0'.repeat(24)}?HOOK_URL=https://a.b/` }))
        .statusCode,
    ).toBe(404);
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/punchout/oci/${_id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `USERNAME=fay%40example.com&PASSWORD=${sharedSecret}&HOOK_URL=https%3A%2F%2Fsrm.example.com%2Fhook&%7ETARGET=_parent`,
    });
    expect(res.statusCode).toBe(303);
    const startToken = String(res.headers.location).split('/punchout/start/')[1] ?? '';
    const session = await call(w.t.app, 'POST', '/api/punchout/session', undefined, { startToken });
    const { token } = session.json<{ token: string }>();
    const auth = { authorization: `Bearer ${token}` };
    await w.t.app.inject({
      method: 'PUT',
      url: '/api/cart',
      headers: auth,
      payload: { lines: [{ productId: w.cpu, quantity: 2 }] },
    });
    const transfer = await w.t.app.inject({ method: 'POST', url: '/api/punchout/transfer', headers: auth });
    expect(transfer.statusCode, transfer.body).toBe(200);
    expect(transfer.body).toContain('target="_parent"');
    const fields = Object.fromEntries(
      [...transfer.body.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]]),
    );
    expect(fields).toEqual({
      'NEW_ITEM-DESCRIPTION[1]': 'CPU',
      'NEW_ITEM-QUANTITY[1]': '2',
      'NEW_ITEM-UNIT[1]': 'EA',
      'NEW_ITEM-PRICE[1]': '10.00',
      'NEW_ITEM-PRICEUNIT[1]': '1',
      'NEW_ITEM-CURRENCY[1]': 'USD',
      'NEW_ITEM-VENDORMAT[1]': 'KC-CPU-1',
      'NEW_ITEM-EXT_PRODUCT_ID[1]': w.cpu,
    });
  });

  it('places an OrderRequest once per orderID, on account, refusing a UnitPrice below the shop price', async () => {
    const { sharedSecret } = await connect('cxml');
    const low = await post(w, '/punchout/cxml/order', orderXml('AN0001', sharedSecret, 'PO-1', '9.99'));
    expect(low.statusCode).toBe(400);
    expect(xml.parse(low.body).cXML.Response.Status['#text']).toBe(
      "ItemOut line 1 (KC-CPU-1): UnitPrice 9.99 is below the shop's price 10.00",
    );
    const results = await Promise.all(
      [0, 1, 2].map(() => post(w, '/punchout/cxml/order', orderXml('AN0001', sharedSecret, 'PO-1', '10.00'))),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const orders = await w.t.app.db.selectFrom('orders').selectAll().execute();
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      po_number: 'PO-1',
      source: 'punchout',
      payment_terms: 'account',
      status: 'confirmed',
      total_cents: 3000,
      phone: '+1 555 0100',
      // B2B §12: the company keeps no locations, so the ShipTo is the order's one-off ship-to, copied on the order.
      ship_to_location_id: null,
      ship_to_name: 'Acme',
      ship_to_line1: '1 Dock Road',
      ship_to_line2: null,
      ship_to_city: 'Boston',
      ship_to_postal_code: '02110',
      ship_to_region: 'MA',
      ship_to_country: 'US',
    });
  });

  it('ships an OrderRequest to the company location its ShipTo names, and refuses one naming none', async () => {
    const { sharedSecret } = await connect('cxml');
    const location = await call(w.t.app, 'POST', '/api/companies/mine/locations', w.owner, {
      name: 'Boston dock',
      address: { line1: '1 dock  road', city: 'Boston', postalCode: '02110', region: 'MA', country: 'US' },
      phone: '+1 617 555 0100',
    });
    expect(location.statusCode, location.body).toBe(201);
    const placed = await post(w, '/punchout/cxml/order', orderXml('AN0001', sharedSecret, 'PO-LOC', '10.00'));
    expect(placed.statusCode, placed.body).toBe(200);
    const order = await w.t.app.db.selectFrom('orders').selectAll().executeTakeFirstOrThrow();
    expect(order).toMatchObject({ ship_to_location_id: location.json<{ _id: string }>()._id, ship_to_city: 'Boston' });

    const elsewhere = orderXml('AN0001', sharedSecret, 'PO-ELSEWHERE', '10.00')
      .replace('1 Dock Road', '9 Other Street')
      .replace('<Name>Acme</Name>', '<Name>Somewhere</Name>');
    const refused = await post(w, '/punchout/cxml/order', elsewhere);
    expect(refused.statusCode).toBe(400);
    expect(xml.parse(refused.body).cXML.Response.Status['#text']).toBe(
      'ShipTo/Address is none of the company’s ship-to locations (its street, postal code and country, or its name)',
    );
    expect(await w.t.app.db.selectFrom('orders').select('po_number').execute()).toEqual([{ po_number: 'PO-LOC' }]);
  });

  it('refuses every way of ordering in a punch-out session with 403', async () => {
    const { sharedSecret } = await connect('cxml');
    const { token } = await startSession(sharedSecret);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // A quote the same user asked for in an ordinary session, offered by the shop: accepting it would place an order.
    const asked = await call(w.t.app, 'POST', '/api/quotes', w.free, { lines: [{ productId: w.cpu, quantity: 50 }] });
    expect(asked.statusCode, asked.body).toBe(201);
    const quoteId = asked.json<{ _id: string }>()._id;
    const offered = await call(w.t.app, 'POST', `/api/quotes/${quoteId}/offer`, w.admin, {
      lines: [{ productId: w.cpu, unitPrice: 7.25 }],
      validUntil: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(offered.statusCode, offered.body).toBe(200);
    const calls: Array<[string, unknown]> = [
      ['/api/order', { productId: w.cpu, inputQuantity: 1, phone: '1', address: 'x' }],
      ['/api/orders', { lines: [{ productId: w.cpu, quantity: 1 }], phone: '1', address: 'x' }],
      [`/api/quotes/${quoteId}/accept`, { phone: '1', address: 'x' }],
    ];
    for (const [url, body] of calls) {
      const res = await w.t.app.inject({ method: 'POST', url, headers, payload: JSON.stringify(body) });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({
        error: {
          code: 'forbidden',
          message: 'In a punch-out session the order comes from your procurement system: transfer the cart instead',
        },
      });
    }
    expect(await w.t.app.db.selectFrom('orders').selectAll().execute()).toEqual([]);
    const quote = await call(w.t.app, 'GET', `/api/quotes/${quoteId}`, w.free);
    expect(quote.json<{ status: string }>().status).toBe('offered');
  });

  it('places one order when the same orderID arrives twice at the same moment, 50 times over', async () => {
    const { sharedSecret } = await connect('cxml');
    for (let run = 0; run < 50; run++) {
      const body = orderXml('AN0001', sharedSecret, `PO-RACE-${run}`, '10.00', 1);
      const [a, b] = await Promise.all([post(w, '/punchout/cxml/order', body), post(w, '/punchout/cxml/order', body)]);
      expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    }
    const orders = await w.t.app.db.selectFrom('orders').select(['po_number']).execute();
    expect(orders).toHaveLength(50);
    expect(new Set(orders.map((o) => o.po_number)).size).toBe(50);
  });

  it('fills the cart from ItemOut lines for operation="edit" and replaces what the cart held', async () => {
    const { sharedSecret } = await connect('cxml');
    const before = await call(w.t.app, 'PUT', '/api/cart', w.free, { lines: [{ productId: w.cpu, quantity: 9 }] });
    expect(before.statusCode).toBe(200);
    const edit = setupXml(
      'AN0001',
      sharedSecret,
      '<ItemOut quantity="4"><ItemID><SupplierPartID>KC-CPU-1</SupplierPartID></ItemID></ItemOut>',
    ).replace('operation="create"', 'operation="edit"');
    const setup = await post(w, '/punchout/cxml/setup', edit);
    expect(setup.statusCode, setup.body).toBe(200);
    const url: string = xml.parse(setup.body).cXML.Response.PunchOutSetupResponse.StartPage.URL;
    const session = await call(w.t.app, 'POST', '/api/punchout/session', undefined, {
      startToken: url.split('/punchout/start/')[1],
    });
    expect(session.json()).toEqual({ token: expect.any(String), connection: { name: 'Ariba', protocol: 'cxml' } });
    const cart = await w.t.app.inject({
      method: 'GET',
      url: '/api/cart',
      headers: { authorization: `Bearer ${session.json<{ token: string }>().token}` },
    });
    expect(cart.json<{ lines: Array<{ quantity: number }>; total: number }>()).toMatchObject({
      lines: [{ productId: w.cpu, quantity: 4, unitPrice: 10 }],
      total: 40,
    });
  });
});
