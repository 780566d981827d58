// The admin's CSV of the catalogue on both databases (B2B §1): export, an import of the same file that changes
// nothing, a preview, creates and updates by SKU, and a bad file that names every bad line and changes nothing.
import { PRODUCTS_CSV_HEADER } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { addProduct, call, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import { buildWorld } from '../../helpers/world.js';

const HEADER = PRODUCTS_CSV_HEADER.join(',');

describe.each(databases)('products CSV on %s', (kind) => {
  let t: TestApp;
  let admin: SignedIn;
  let ann: SignedIn;

  beforeAll(async () => {
    ({
      t,
      admin,
      people: { ann },
    } = await buildWorld(kind, {
      people: { ann: ['Ann', 'ann@example.com'] },
      products: {
        memory: {
          sku: 'KC-MEM-32',
          name: 'DDR5 32 GB, "server" grade',
          category: 'Memory',
          price: 90,
          quantity: 100,
          packSize: 20,
          maxQuantity: 2000,
          availableQuantity: 8000,
          priceBreaks: [
            { minQuantity: 500, price: 85 },
            { minQuantity: 1000, price: 80 },
          ],
          description: 'ECC registered.\nTwo lines of text.',
        },
        fan: { sku: 'KC-FAN-120', name: 'Fan', category: 'Cooling', price: 6.25 },
      },
    }));
  });
  afterAll(() => t.close());

  const exportCsv = () => call(t.app, 'GET', '/api/admin/products.csv', admin);
  const importCsv = (text: string, dryRun = false, who = admin) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/products.csv${dryRun ? '?dryRun=true' : ''}`,
      headers: { ...who.auth, 'content-type': 'text/csv' },
      payload: text,
    });
  const catalogue = async () => (await call(t.app, 'GET', '/api/catalog?sort=name')).json().items;

  it('exports every product under the B2B header, quoting what needs it', async () => {
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="products.csv"');
    expect(res.body.split('\r\n')).toEqual([
      HEADER,
      'KC-MEM-32,"DDR5 32 GB, ""server"" grade",Memory,90.00,100,20,2000,8000,500:85.00|1000:80.00,"ECC registered.\nTwo lines of text.",/api/images/demo/processor.png',
      'KC-FAN-120,Fan,Cooling,6.25,1000,1,,10000,,A part made for tests.,/api/images/demo/processor.png',
      '',
    ]);
  });

  it('imports its own export without changing anything', async () => {
    const before = await catalogue();
    const text = (await exportCsv()).body;
    const preview = await importCsv(text, true);
    expect(preview.json()).toEqual({ created: 0, updated: 0, unchanged: 2, changes: [] });
    expect((await importCsv(text)).json()).toEqual({ created: 0, updated: 0 });
    expect(await catalogue()).toEqual(before);
  });

  it('defuses formula-like texts in the export and imports them back as they were', async () => {
    await addProduct(t.app, admin, {
      sku: 'KC-CBL-9',
      name: '=HYPERLINK("http://x","y")',
      category: 'Cables',
      price: 1,
      description: "'=kept as typed, apostrophe and all",
    });
    const text = (await exportCsv()).body;
    expect(text.split('\r\n')).toContain(
      `KC-CBL-9,"'=HYPERLINK(""http://x"",""y"")",Cables,1.00,1000,1,,10000,,"''=kept as typed, apostrophe and all",/api/images/demo/processor.png`,
    );
    const before = await catalogue();
    expect((await importCsv(text, true)).json()).toEqual({ created: 0, updated: 0, unchanged: 3, changes: [] });
    expect((await importCsv(text)).json()).toEqual({ created: 0, updated: 0 });
    expect(await catalogue()).toEqual(before);
    const names = before.map((p: { name: string }) => p.name);
    expect(names).toContain('=HYPERLINK("http://x","y")');
    expect(before.map((p: { description: string }) => p.description)).toContain("'=kept as typed, apostrophe and all");
    expect(
      (
        await call(
          t.app,
          'DELETE',
          `/api/service/${before.find((p: { sku: string }) => p.sku === 'KC-CBL-9')._id}`,
          admin,
        )
      ).statusCode,
    ).toBe(200);
  });

  it('previews, then creates and updates by SKU in one go', async () => {
    const text = [
      HEADER,
      'KC-FAN-120,Fan,Cooling,5.99,1000,1,,10250,,A part made for tests.,/api/images/demo/processor.png',
      'kc-psu-750,PSU 750 W,Power,79.50,50,10,,3000,100:75.00,Gold rated.,/api/images/demo/power-supply.png',
    ].join('\n');
    const before = await catalogue();
    const preview = await importCsv(text, true);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      created: 1,
      updated: 1,
      unchanged: 0,
      changes: [
        { line: 2, sku: 'KC-FAN-120', action: 'update', fields: ['price', 'availableQuantity'] },
        { line: 3, sku: 'KC-PSU-750', action: 'create', fields: [] },
      ],
    });
    expect(await catalogue()).toEqual(before);
    expect((await importCsv(text)).json()).toEqual({ created: 1, updated: 1 });
    const after = await catalogue();
    expect(after.find((p: { sku: string }) => p.sku === 'KC-FAN-120')).toMatchObject({
      price: 5.99,
      availableQuantity: 10250,
    });
    expect(after.find((p: { sku: string }) => p.sku === 'KC-PSU-750')).toMatchObject({
      name: 'PSU 750 W',
      category: 'Power',
      price: 79.5,
      quantity: 50,
      packSize: 10,
      maxQuantity: null,
      availableQuantity: 3000,
      priceBreaks: [{ minQuantity: 100, price: 75 }],
    });
  });

  it('names every bad line and changes nothing', async () => {
    const before = await catalogue();
    const text = [
      HEADER,
      'KC-NEW-1,Good row,Cooling,1.00,10,1,,100,,Fine.,/x.png',
      'bad sku,Name,Cooling,1.00,10,1,,100,,Text.,/x.png',
      'KC-NEW-2,Name,Cooling,free,10,1,,100,,Text.,/x.png',
      'KC-NEW-3,Name,Cooling,1.00,15,10,,100,,Text.,/x.png',
      'KC-NEW-4,Name,Cooling,10.00,10,1,,100,20:11.00,Text.,/x.png',
      'KC-NEW-1,Again,Cooling,1.00,10,1,,100,,Text.,/x.png',
      'KC-NEW-5,Too,few',
      '',
      'KC-NEW-6,"Two',
      'lines",Cooling,1.00,10,1,,100,,Text.,/x.png',
    ].join('\n');
    const res = await importCsv(text);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'invalid_csv',
      message: '7 row(s) of the file are not valid; nothing was changed',
      badRows: 7,
      rows: [
        { line: 3, message: 'sku must be 3-32 capital letters, digits or dashes, starting with a letter or digit' },
        { line: 4, message: 'price must be an amount like 12.50' },
        { line: 5, message: 'quantity (the minimum order) must be a multiple of packSize' },
        { line: 6, message: 'price break prices must be strictly decreasing and below the base price' },
        { line: 7, message: 'SKU KC-NEW-1 is already on line 2' },
        { line: 8, message: 'expected 11 fields, found 3' },
        // A quoted name over two lines: names are one line since #24 (they go into mail and invoices).
        { line: 10, message: 'name must be one line, without line breaks or control characters' },
      ],
    });
    expect(await catalogue()).toEqual(before);
  });

  it('counts lines as an editor does when a file mixes line breaks', async () => {
    const text = `${HEADER}\nKC-MIX-1,A,Cooling,5.50,10,1,,100,,Text.,/x.png\r\nKC-MIX-2,B,Cooling,abc,10,1,,100,,Text.,/x.png\n`;
    expect((await importCsv(text, true)).json().error.rows).toEqual([
      { line: 3, message: 'price must be an amount like 12.50' },
    ]);
    const empty = await importCsv('', true);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Send the CSV file as the request body, with Content-Type: text/csv');
  });

  it('refuses a wrong header, broken quoting, an empty file and a file over 5 MB', async () => {
    const header = await importCsv('sku,name\nKC-X,Y');
    expect(header.statusCode).toBe(400);
    expect(header.json().error.rows).toEqual([{ line: 1, message: `The header must name the columns ${HEADER}` }]);
    const quoting = await importCsv(`${HEADER}\nKC-X,"unclosed,Cooling`);
    expect(quoting.statusCode).toBe(400);
    expect(quoting.json().error.code).toBe('invalid_csv');
    expect((await importCsv(HEADER)).json().error.message).toBe('The file has no product rows');
    const big = await importCsv(`${HEADER}\n${'x'.repeat(10 * 1024 * 1024)}`);
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('payload_too_large');
  });

  it('is for admins only', async () => {
    expect((await call(t.app, 'GET', '/api/admin/products.csv', ann)).statusCode).toBe(403);
    expect((await importCsv(HEADER, false, ann)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/products.csv')).statusCode).toBe(401);
  });
});
