// An administrator edits a product field by field (only the changes are sent; the server's refusals stand beside the
// form) and sees it on the purchase page, then exports the catalogue and imports CSV files: a file with bad rows
// changes nothing, a clean one is previewed, then applied.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { CsvImportPreview, Product } from '@kestrel/shared';
import { adminByApi, catalogByApi, createProductByApi, uniqueSku, useSession } from '../support/api';
import { expectMessage } from '../support/screens';

const HEADER = 'sku,name,category,price,quantity,packSize,maxQuantity,availableQuantity,priceBreaks,description,img';

/** What the server says of a file on a dry run (which changes nothing): the page must show the same. */
async function dryRun(request: APIRequestContext, token: string, csv: string) {
  const response = await request.post('/api/admin/products.csv?dryRun=true', {
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/csv' },
    data: csv,
  });
  return { status: response.status(), body: await response.json() };
}

test('editing a product: only the changed fields are sent, refusals are explained, the purchase page shows it', async ({
  page,
  request,
}) => {
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-EDIT') });
  const [taken] = (await catalogByApi(request, 'q=KC-CPU-K7')).items;
  if (!taken) throw new Error('the demo catalogue has no KC-CPU-K7');
  await useSession(page, admin);
  const patches: unknown[] = [];
  page.on('request', (r) => {
    if (r.method() === 'PATCH' && new URL(r.url()).pathname === `/api/service/${product._id}`)
      patches.push(r.postDataJSON());
  });

  await page.goto('/dashboard/manageproduct');
  await page.getByRole('link', { name: `Edit ${product.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/editproduct/${product._id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Edit ${product.name}`);
  await expect(page.getByLabel('SKU')).toHaveValue(product.sku);
  await expect(page.getByLabel('Base price (dollars per unit)')).toHaveValue('4.20');
  await expect(page.getByText('In stock now: 10,000 units.')).toBeVisible();

  // Saving without a change sends nothing.
  const save = page.getByRole('button', { name: 'Save changes' });
  await save.click();
  await expect(page.getByText('Nothing has changed, so there is nothing to save.')).toBeVisible();

  // The contract's rules are said in the browser, beside the field.
  await page.getByLabel('Pack size').fill('10');
  await page.getByLabel('Minimum order quantity').fill('1005');
  await save.click();
  await expectMessage(page, 'The minimum order must be a multiple of the pack size');
  expect(patches).toEqual([]);

  await page.getByLabel('Minimum order quantity').fill('1000');
  await page.getByLabel('Base price (dollars per unit)').fill('4.50');
  await page.getByLabel('Maximum per order').fill('6000');
  await page.getByLabel('Category').fill('Brackets');
  await page.getByRole('button', { name: 'Add a price break' }).click();
  await expect(page.getByLabel('Break 1: from quantity')).toBeFocused();
  await page.getByLabel('Break 1: from quantity').fill('2000');
  await page.getByLabel('Break 1: unit price ($)').fill('4.25');
  await page.getByRole('button', { name: 'Add a price break' }).click();
  await page.getByLabel('Break 2: from quantity').fill('5000');
  await page.getByLabel('Break 2: unit price ($)').fill('3.90');
  await page.getByLabel('Stock adjustment (+ adds, − removes)').fill('-500');
  await expect(page.getByText('After saving: 9,500 units, plus or minus orders placed meanwhile.')).toBeVisible();

  // A SKU another product has: the server's 409 stands beside the SKU field and above the buttons.
  await page.getByLabel('SKU').fill(taken.sku);
  await save.click();
  const refusal = page.getByRole('alert').filter({ hasText: 'The changes were not saved.' });
  await expect(refusal).toContainText('This SKU is already used by another product');
  await expect(page.getByLabel('SKU')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('SKU')).toBeFocused();

  await page.getByLabel('SKU').fill(product.sku.toLowerCase());
  await save.click();
  await expectMessage(page, `${product.name} is saved`);
  await expect(page.getByText('In stock now: 9,500 units.')).toBeVisible();
  await expect(page.getByLabel('Stock adjustment (+ adds, − removes)')).toHaveValue('');
  await expect(refusal).toHaveCount(0);
  // The second request carried the changes only (the SKU, back to its own value, is not among them).
  expect(patches.at(-1)).toEqual({
    price: 4.5,
    packSize: 10,
    maxQuantity: 6000,
    category: 'Brackets',
    priceBreaks: [
      { minQuantity: 2000, price: 4.25 },
      { minQuantity: 5000, price: 3.9 },
    ],
    stockAdjustment: -500,
  });

  // An order (here another administrator's adjustment) takes stock after the page loaded: the server refuses an
  // adjustment that the page believed possible, and says why beside the stock field.
  const moved = await request.patch(`/api/service/${product._id}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { stockAdjustment: -8000 },
  });
  expect(moved.status()).toBe(200);
  await page.getByLabel('Stock adjustment (+ adds, − removes)').fill('-2000');
  await save.click();
  await expect(refusal).toContainText('This adjustment would take the stock below 0');
  await expect(page.getByLabel('Stock adjustment (+ adds, − removes)')).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('link', { name: 'See it in the shop' }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase/${product._id}$`));
  const details = page.getByRole('region', { name: 'Product details' });
  await expect(details.getByRole('definition')).toHaveText([
    product.sku,
    'Brackets',
    '10 units per pack',
    '6,000 units',
  ]);
  await expect(details.getByRole('term')).toHaveText(['SKU', 'Category', 'Pack size', 'Maximum per order']);
  const prices = details.getByRole('table', { name: 'Volume prices' });
  await expect(prices.getByRole('row')).toHaveText([
    'Quantity fromUnit price',
    '1,000$4.50',
    '2,000$4.25',
    '5,000$3.90',
  ]);
  await expect(page.getByText('Price:$4.50/per unit', { exact: true })).toBeVisible();
  await expect(page.getByText('Orders start at 1000 pieces, in packs of 10;')).toBeVisible();

  // The order form applies the same rules before anything is sent, and prices the quantity typed.
  await page.getByRole('button', { name: 'place order' }).click();
  const dialog = page.getByRole('dialog', { name: `Booking for: ${product.name}` });
  await expect(dialog.getByLabel('Quantity')).toHaveAttribute('step', '10');
  await dialog.getByLabel('Quantity').fill('1005');
  await dialog.getByLabel('Phone').fill('+44 161 555 0123');
  await dialog.getByLabel('Address').fill('3 Mill Lane, Manchester');
  await dialog.getByRole('button', { name: 'Order' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('order in packs of 10');
  await dialog.getByLabel('Quantity').fill('1500');
  await expect(dialog.getByText('1,500 × $4.50 = $6,750.00 · $4.25 each from 2,000')).toBeVisible();
});

test('CSV: the export downloads, a file with bad rows changes nothing, a clean file is previewed then applied', async ({
  page,
  request,
}) => {
  const admin = await adminByApi(request);
  const existing = await createProductByApi(request, admin, { sku: uniqueSku('E2E-CSV') });
  const newSku = uniqueSku('E2E-NEW');
  await useSession(page, admin);
  await page.goto('/dashboard/products-csv');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Products CSV');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^kestrel-products-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = readFileSync(await download.path(), 'utf8').split(/\r?\n/);
  expect(lines[0]).toBe(HEADER);
  expect(lines.some((line) => line.startsWith(`${existing.sku},`))).toBe(true);

  // Bad rows: each is named with its line (the header is line 1), and nothing changes.
  const bad = [
    HEADER,
    `${newSku},Kestrel Test Riser,Brackets,abc,1000,1,,5000,,PCIe x16 riser.,${existing.img}`,
    `${existing.sku},,Brackets,4.10,1000,1,,10000,,Low-profile PCIe bracket.,${existing.img}`,
  ].join('\n');
  const refusal = await dryRun(request, admin.token, bad);
  expect(refusal.status).toBe(400);
  const rows: { line: number; message: string }[] = refusal.body.error.rows;
  expect(rows.map((row) => row.line)).toEqual([2, 3]);

  await page.getByLabel('Or paste the CSV').fill(bad);
  await page.getByRole('button', { name: 'Preview' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'The file was refused, and nothing was changed.' });
  await expect(refused.getByRole('table', { name: '2 rows need fixing' }).getByRole('row')).toHaveText([
    'LineProblem',
    // The API's messages, said in words on the page (B2B §11); the import checks rows with the API's own schema, whose
    // required-field texts are SPEC.md's and stay as written.
    '2The price must be an amount like 12.50',
    '3name is Required',
  ]);
  await expect(page.getByRole('button', { name: 'Apply import' })).toBeDisabled();
  expect((await catalogByApi(request, `q=${newSku}`)).total).toBe(0);
  expect((await request.get(`/api/service/${existing._id}`).then((r) => r.json())).name).toBe(existing.name);

  // A file over 5 MB is refused before it is sent.
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/admin/products.csv' && r.method() === 'POST') uploads.push(r.url());
  });
  await page.getByLabel('CSV file').setInputFiles({
    name: 'huge.csv',
    mimeType: 'text/csv',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 'a'),
  });
  await expectMessage(page, 'This CSV is 5.1 MB; an import takes at most 5 MB. Split it into smaller files.');
  await expect(page.getByRole('button', { name: 'Preview' })).toBeDisabled();
  expect(uploads).toEqual([]);
  await expect(page.getByLabel('Or paste the CSV')).toHaveValue('');

  // A clean file: the preview lists what would change, nothing changes until it is applied.
  const good = [
    HEADER,
    `${newSku},Kestrel Test Riser,Brackets,12.40,1000,1,,5000,2000:11.90,PCIe x16 riser.,${existing.img}`,
    `${existing.sku},${existing.name},Brackets,4.10,1000,1,,10000,,"${existing.description}",${existing.img}`,
  ].join('\r\n');
  const preview = await dryRun(request, admin.token, good);
  expect(preview.status).toBe(200);
  const { changes }: CsvImportPreview = preview.body;
  expect(changes.map((change) => [change.line, change.sku, change.action])).toEqual([
    [2, newSku, 'create'],
    [3, existing.sku, 'update'],
  ]);
  await page.getByLabel('CSV file').setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(good, 'utf8'),
  });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'This file would create' })).toHaveText(
    'This file would create 1 product, update 1 and leave 0 unchanged. Nothing has changed yet.',
  );
  await expect(page.getByRole('table', { name: 'Changes the import would make' }).getByRole('row')).toHaveText([
    'LineSKUActionChanged fields',
    `2${newSku}Createnew product`,
    `3${existing.sku}Update${changes[1]?.fields.join(', ')}`,
  ]);
  expect([...(changes[1]?.fields ?? [])].sort()).toEqual(['category', 'price']);
  expect((await catalogByApi(request, `q=${newSku}`)).total).toBe(0);

  await page.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import applied' })).toHaveText(
    'Import applied: 1 product created, 1 updated.',
  );
  await expect(page.getByRole('button', { name: 'Apply import' })).toBeDisabled();
  const updated: Product = await request.get(`/api/service/${existing._id}`).then((r) => r.json());
  expect(updated).toMatchObject({ price: 4.1, category: 'Brackets' });

  // The new product is in the catalogue, found by its SKU.
  await page.goto(`/products?q=${newSku}`);
  const card = page.getByRole('region', { name: 'Results' }).getByRole('article');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading')).toHaveText('Kestrel Test Riser');
  await expect(card).toContainText(`SKU ${newSku}`);
  // The price of the minimum order, what sorting by price uses, then the volume price (B2B §11).
  await expect(card).toContainText('$12.40 per unit');
  await expect(card).toContainText('down to $11.90 from 2,000');
});
