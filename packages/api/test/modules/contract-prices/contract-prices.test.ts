// Contract prices on both databases (B2B §5): the admin's calls (PUT replaces the whole list, the CSV import is all
// or nothing, validation and access), a member seeing them beside the list price where nobody else does, and the cart,
// the order, the invoice PDF and the orders CSV charging the lower of the contract price and the price break.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import { buildWorld } from '../../helpers/world.js';
import { payOrder } from '../documents/document-fixtures.js';
import { addCompany } from './company-fixtures.js';

const COMPANY = 'c0ffee000000000000000001';
const NO_COMPANY = 'c0ffee0000000000000000ff';

function pdfText(pdf: Buffer): string {
  return execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: pdf })
    .toString('utf8')
    .replace(/[ \t]+/g, ' ');
}

describe.each(databases)('contract prices on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let alice: SignedIn; // a buyer of the company
  let bob: SignedIn; // in no company
  let widget: string;
  let fan: string;
  let cable: string;

  const pricesUrl = (id = COMPANY) => `/api/admin/companies/${id}/prices`;
  const put = (prices: unknown, who: SignedIn | undefined = admin, id = COMPANY) =>
    call(t.app, 'PUT', pricesUrl(id), who, { prices });
  const stored = async () =>
    (
      await t.app.db.selectFrom('company_prices').select(['product_id', 'price_cents']).orderBy('price_cents').execute()
    ).map((r) => [r.product_id, r.price_cents]);
  const importCsv = (text: string, who: SignedIn | undefined = admin, id = COMPANY) =>
    t.app.inject({
      method: 'POST',
      url: `${pricesUrl(id)}.csv`,
      headers: { ...who?.auth, 'content-type': 'text/csv' },
      payload: text,
    });
  const standardPrices = () => [
    { productId: widget, price: 7 },
    { productId: fan, price: 5.1 },
  ];

  beforeAll(async () => {
    ({
      t,
      admin,
      people: { alice, bob },
      products: { widget, fan, cable },
    } = await buildWorld(kind, {
      people: { alice: ['Alice Buyer', 'alice@example.com'], bob: ['Bob Outsider', 'bob@example.com'] },
      products: {
        widget: {
          sku: 'KC-WID-1',
          name: 'Widget',
          price: 10,
          availableQuantity: 100_000,
          priceBreaks: [
            { minQuantity: 2000, price: 8 },
            { minQuantity: 5000, price: 6 },
          ],
        },
        fan: { sku: 'KC-FAN-120', name: 'Fan', price: 6.25, availableQuantity: 100_000 },
        cable: { sku: 'KC-CBL-1', name: 'Cable', price: 0.35, availableQuantity: 100_000 },
      },
    }));
    await addCompany(t.app, COMPANY, [{ userId: alice.id, role: 'buyer' }]);
  });
  afterAll(() => t.close());

  it('lets an admin replace and read a company list; PUT replaces the whole list', async () => {
    const res = await put(standardPrices());
    expect(res.statusCode).toBe(200);
    const list = res.json().prices;
    expect(
      list.map((p: { sku: string; listPrice: number; price: number; name: string }) => [
        p.sku,
        p.name,
        p.listPrice,
        p.price,
      ]),
    ).toEqual([
      ['KC-FAN-120', 'Fan', 6.25, 5.1],
      ['KC-WID-1', 'Widget', 10, 7],
    ]);
    expect((await call(t.app, 'GET', pricesUrl(), admin)).json()).toEqual(res.json());

    // Only the cable: the widget and the fan lose theirs.
    expect((await put([{ productId: cable, price: 0.3 }])).statusCode).toBe(200);
    expect(await stored()).toEqual([[cable, 30]]);
    expect((await put([])).json()).toEqual({ prices: [] });
    expect(await stored()).toEqual([]);
    expect((await put(standardPrices())).statusCode).toBe(200);
  });

  it('refuses non-admins: 401 anonymous, 403 a member or an outsider, on every call', async () => {
    const csv = 'sku,price\nKC-FAN-120,1.00\n';
    for (const who of [alice, bob]) {
      expect((await call(t.app, 'GET', pricesUrl(), who)).statusCode).toBe(403);
      expect((await put([{ productId: fan, price: 1 }], who)).statusCode).toBe(403);
      expect((await importCsv(csv, who)).statusCode).toBe(403);
    }
    expect((await call(t.app, 'GET', pricesUrl(), undefined)).statusCode).toBe(401);
    // (undefined would take the helpers' default caller, the admin: anonymous calls are spelled out.)
    expect(
      (await call(t.app, 'PUT', pricesUrl(), undefined, { prices: [{ productId: fan, price: 1 }] })).statusCode,
    ).toBe(401);
    const anonymousCsv = await t.app.inject({
      method: 'POST',
      url: `${pricesUrl()}.csv`,
      headers: { 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(anonymousCsv.statusCode).toBe(401);
    expect(await stored()).toEqual([
      [fan, 510],
      [widget, 700],
    ]);
  });

  it('answers 404 for an unknown company and 400 for bad prices, changing nothing', async () => {
    expect((await put([{ productId: fan, price: 1 }], admin, NO_COMPANY)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', pricesUrl(NO_COMPANY), admin)).statusCode).toBe(404);
    expect((await importCsv('sku,price\nKC-FAN-120,1.00\n', admin, NO_COMPANY)).statusCode).toBe(404);

    const ghost = 'aaaaaaaaaaaaaaaaaaaaaaaa';
    const unknown = await put([
      { productId: fan, price: 1 },
      { productId: ghost, price: 2 },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(`prices[1].productId: unknown product ${ghost}`);

    for (const price of [0, -1, 1.005, 1_000_000.01, '5']) {
      const res = await put([{ productId: fan, price }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
    expect(
      (
        await put([
          { productId: fan, price: 1 },
          { productId: fan, price: 2 },
        ])
      ).statusCode,
    ).toBe(400);
    expect((await put([{ productId: 'not-an-id', price: 1 }])).statusCode).toBe(400);
    expect((await call(t.app, 'PUT', pricesUrl(), admin, {})).statusCode).toBe(400);
    expect(await stored()).toEqual([
      [fan, 510],
      [widget, 700],
    ]);
  });

  it('imports a CSV by SKU all or nothing: a bad file names every bad row and changes nothing', async () => {
    const bad = await importCsv(
      'sku,price\nKC-FAN-120,4.00\nKC-NOPE-1,2.00\nkc-wid-1,abc\nKC-CBL-1,0\nKC-FAN-120,3.00\n',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual({
      code: 'invalid_csv',
      message: '4 row(s) of the file are not valid; nothing was changed',
      rows: [
        { line: 3, message: 'unknown SKU KC-NOPE-1' },
        { line: 4, message: 'price must be a positive amount in dollars with at most two decimals, at most 1000000' },
        { line: 5, message: 'price must be a positive amount in dollars with at most two decimals, at most 1000000' },
        { line: 6, message: 'KC-FAN-120: a product appears more than once' },
      ],
      badRows: 4,
    });
    const header = await importCsv('sku,cost\nKC-FAN-120,4.00\n');
    expect(header.statusCode).toBe(400);
    expect(header.json().error.rows).toEqual([{ line: 1, message: 'expected the header sku,price' }]);
    expect(await stored()).toEqual([
      [fan, 510],
      [widget, 700],
    ]);

    const good = await importCsv('sku,price\r\nkc-cbl-1,0.30\r\nKC-FAN-120,"4.50"\r\n');
    expect(good.statusCode).toBe(200);
    expect(good.json().prices.map((p: { sku: string; price: number }) => [p.sku, p.price])).toEqual([
      ['KC-CBL-1', 0.3],
      ['KC-FAN-120', 4.5],
    ]);
    expect(await stored()).toEqual([
      [cable, 30],
      [fan, 450],
    ]);
    expect((await put(standardPrices())).statusCode).toBe(200);
  });

  it('shows the contract price to the member only, beside the list price', async () => {
    const one = async (who: SignedIn | undefined, id: string) =>
      (await call(t.app, 'GET', `/api/service/${id}`, who)).json();
    expect(await one(alice, widget)).toMatchObject({ price: 10, contractPrice: 7 });
    expect(await one(alice, fan)).toMatchObject({ price: 6.25, contractPrice: 5.1 });
    expect(await one(alice, cable)).not.toHaveProperty('contractPrice');
    for (const who of [bob, admin, undefined]) {
      const product = await one(who, widget);
      expect(product.price).toBe(10);
      expect(product).not.toHaveProperty('contractPrice');
    }
    // A bad token is read as anonymous: the catalogue is public.
    const badToken = await t.app.inject({ url: `/api/service/${widget}`, headers: { authorization: 'Bearer nope' } });
    expect(badToken.statusCode).toBe(200);
    expect(badToken.json()).not.toHaveProperty('contractPrice');

    const contractOf = (list: Array<{ _id: string; price: number; contractPrice?: number }>) =>
      list.map((p) => [p._id, p.price, p.contractPrice ?? null]);
    const memberView = [
      [widget, 10, 7],
      [fan, 6.25, 5.1],
      [cable, 0.35, null],
    ];
    const publicView = [
      [widget, 10, null],
      [fan, 6.25, null],
      [cable, 0.35, null],
    ];
    for (const url of ['/api/service', '/api/service?limit=10', '/api/catalog?sort=name']) {
      const sorted = (body: unknown) => {
        const list = (Array.isArray(body) ? body : (body as { items: never[] }).items) as Array<{
          _id: string;
          price: number;
        }>;
        return contractOf([...list].sort((a, b) => (a._id < b._id ? -1 : 1)));
      };
      expect(sorted((await call(t.app, 'GET', url, alice)).json()), url).toEqual(memberView);
      expect(sorted((await call(t.app, 'GET', url, bob)).json()), url).toEqual(publicView);
      expect(sorted((await call(t.app, 'GET', url, undefined)).json()), url).toEqual(publicView);
    }
    // The full list in its compressed form is the member's too.
    const gz = await t.app.inject({ url: '/api/service', headers: { ...alice.auth, 'accept-encoding': 'gzip' } });
    expect(gz.statusCode).toBe(200);
    const { gunzipSync } = await import('node:zlib');
    const body = gz.headers['content-encoding'] === 'gzip' ? gunzipSync(gz.rawPayload).toString() : gz.body;
    expect(JSON.parse(body).find((p: { _id: string }) => p._id === fan).contractPrice).toBe(5.1);
  });

  it("shows a change of the company's prices in the member's full list at once", async () => {
    const fanOf = async () =>
      ((await call(t.app, 'GET', '/api/service', alice)).json() as Array<{ _id: string; contractPrice?: number }>).find(
        (p) => p._id === fan,
      )?.contractPrice;
    expect(await fanOf()).toBe(5.1);
    expect(
      (
        await put([
          { productId: widget, price: 7 },
          { productId: fan, price: 4.99 },
        ])
      ).statusCode,
    ).toBe(200);
    expect(await fanOf()).toBe(4.99);
    expect((await put(standardPrices())).statusCode).toBe(200);
    expect(await fanOf()).toBe(5.1);
  });

  it('prices the cart as the order will be: the lower of the contract price and the price break', async () => {
    const lines = [
      { productId: widget, quantity: 1000 },
      { productId: fan, quantity: 1000 },
      { productId: cable, quantity: 1000 },
    ];
    const mine = await call(t.app, 'PUT', '/api/cart', alice, { lines });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({
      lines: [
        {
          productId: widget,
          sku: 'KC-WID-1',
          name: 'Widget',
          quantity: 1000,
          unitPrice: 7,
          lineTotal: 7000,
          problem: null,
          listPrice: 10,
          contractPrice: 7,
        },
        {
          productId: fan,
          sku: 'KC-FAN-120',
          name: 'Fan',
          quantity: 1000,
          unitPrice: 5.1,
          lineTotal: 5100,
          problem: null,
          listPrice: 6.25,
          contractPrice: 5.1,
        },
        {
          productId: cable,
          sku: 'KC-CBL-1',
          name: 'Cable',
          quantity: 1000,
          unitPrice: 0.35,
          lineTotal: 350,
          problem: null,
        },
      ],
      total: 12450,
    });
    // 5,000 widgets: the $6.00 break is below the $7.00 contract price and wins.
    const more = await call(t.app, 'PUT', '/api/cart', alice, { lines: [{ productId: widget, quantity: 5000 }] });
    expect(more.json().lines[0]).toMatchObject({ unitPrice: 6, lineTotal: 30000, contractPrice: 7 });
    const theirs = await call(t.app, 'PUT', '/api/cart', bob, { lines });
    expect(theirs.json().total).toBe(10000 + 6250 + 350);
    expect(theirs.json().lines[0]).not.toHaveProperty('contractPrice');
    await call(t.app, 'PUT', '/api/cart', alice, { lines: [] });
    await call(t.app, 'PUT', '/api/cart', bob, { lines: [] });
  });

  it('charges the contract price in one-line and several-line orders, and the break where it is lower', async () => {
    const details = { phone: '555-0100', address: '7 Harbour St, Bristol' };
    const oneLine = await call(t.app, 'POST', '/api/orders', alice, {
      lines: [{ productId: widget, quantity: 1000 }],
      ...details,
    });
    expect(oneLine.statusCode).toBe(201);
    expect(oneLine.json().order).toMatchObject({ price: 7000, lines: [{ unitPrice: 7, lineTotal: 7000 }] });
    // SPEC's one-product call too.
    const spec = await call(t.app, 'POST', '/api/order', alice, { productId: fan, inputQuantity: 1000, ...details });
    expect(spec.statusCode).toBe(201);
    expect((await call(t.app, 'GET', `/api/orders/${spec.json().insertedId}`, alice)).json().price).toBe(5100);

    const lines = [
      { productId: widget, quantity: 5000 },
      { productId: fan, quantity: 2000 },
      { productId: cable, quantity: 1000 },
    ];
    const many = await call(t.app, 'POST', '/api/orders', alice, { lines, ...details, poNumber: 'PO-C1' });
    expect(many.statusCode).toBe(201);
    const order = many.json().order;
    expect(order.lines.map((l: { unitPrice: number; lineTotal: number }) => [l.unitPrice, l.lineTotal])).toEqual([
      [6, 30000],
      [5.1, 10200],
      [0.35, 350],
    ]);
    expect(order.price).toBe(40550);
    expect((await call(t.app, 'GET', `/api/orders/${order._id}`, alice)).json().price).toBe(40550);

    // The same order at list prices for someone in no company.
    const listed = await call(t.app, 'POST', '/api/orders', bob, { lines, ...details });
    expect(listed.json().order.price).toBe(30000 + 12500 + 350);

    // The invoice and the CSV show the unit price charged.
    await payOrder(t.app, alice, order._id);
    const pdf = await call(t.app, 'GET', `/api/orders/${order._id}/invoice.pdf`, alice);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      'KC-WID-1 Widget 5000 $6.00 $30,000.00',
      'KC-FAN-120 Fan 2000 $5.10 $10,200.00',
      'KC-CBL-1 Cable 1000 $0.35 $350.00',
      'Total $40,550.00',
    ]) {
      expect(text).toContain(expected);
    }
    const csv = (await call(t.app, 'GET', '/api/orders.csv', alice)).body.split('\r\n');
    const fanRow = csv.find((row) => row.startsWith(order._id) && row.includes('KC-FAN-120'));
    expect(fanRow).toContain(',KC-FAN-120,Fan,2000,5.10,10200.00,40550.00,');
  });
});
