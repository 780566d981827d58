// Requisition lists (B2B §16, issue #53): a buyer of a company keeps the parts each site reorders. A list made from a
// product's page, the cart saved as a list shared with the company, quantities and notes edited, a problem shown on
// its line, lines added by SKU (an unknown one named), all of it added to the cart with the refusals named, then the
// ticked lines only; My Lists; a viewer reads the shared list with nothing offered that they may not do; a list
// deleted through the app's confirm dialog. Each screen is checked with axe and at phone width.
import { expect, test } from '@playwright/test';
import type { List, ListSummary } from '@kestrel/shared';
import {
  adminByApi,
  createProductByApi,
  fillCartByApi,
  signUpByApi,
  uniqueSku,
  useSession,
  type Account,
} from '../support/api';
import { confirmEmailByApi, createCompanyByApi, joinByApi } from '../support/company-setup';
import { checkScreen, expectLinesAsCards, expectMessage } from '../support/screens';
import { BASE_URL } from '../support/settings';

// A long journey through two sessions, with axe and two screen widths on every new screen.
test.describe.configure({ timeout: 240_000 });

const auth = (account: Account) => ({ Authorization: `Bearer ${account.token}` });
const LIST_URL = /\/dashboard\/lists\/([0-9a-f]{24})$/;

test('a buyer keeps lists from a product page and the cart, edits them and orders from them; a viewer only reads', async ({
  page,
  browser,
  request,
}) => {
  const admin = await adminByApi(request);
  const packed = await createProductByApi(request, admin, {
    sku: uniqueSku('E2E-LIST-PACK'),
    price: 4.2,
    quantity: 10,
    packSize: 10,
  });
  const single = await createProductByApi(request, admin, { sku: uniqueSku('E2E-LIST-ONE'), price: 2.5, quantity: 1 });
  const doomed = await createProductByApi(request, admin, { sku: uniqueSku('E2E-LIST-GONE'), price: 1, quantity: 1 });

  const owner = await signUpByApi(request, 'Olive Owner');
  await confirmEmailByApi(request, owner);
  const company = await createCompanyByApi(request, owner, 'Harrow Mills Ltd');
  const buyer = await signUpByApi(request, 'Bea Buyer');
  await joinByApi(request, owner, buyer, 'buyer');
  const viewer = await signUpByApi(request, 'Vic Viewer');
  await joinByApi(request, owner, viewer, 'viewer');
  await useSession(page, buyer);

  // From a product's page: a new list, with the quantity.
  await page.goto(`/products/${packed._id}`);
  await page.getByRole('button', { name: 'Add to list' }).click();
  const dialog = page.getByRole('dialog', { name: `Add ${packed.name} to a list` });
  await expect(dialog.getByLabel('List', { exact: true })).toBeFocused();
  await expect(dialog.getByLabel('List', { exact: true })).toHaveValue('new');
  await expect(dialog.getByLabel('Quantity')).toHaveValue('10');
  await checkScreen(page, 'list-add-to-list', () => expect(dialog.getByLabel('List name')).toBeVisible());
  await dialog.getByRole('button', { name: 'Add to list' }).click();
  await expect(dialog.getByText('name must be 1-100 characters on one line')).toBeVisible();
  await dialog.getByLabel('List name').fill('Plant 3 monthly');
  await dialog.getByLabel('Quantity').fill('20');
  await dialog.getByLabel('Quantity').press('Enter');
  await expect(dialog.getByRole('status')).toContainText(`Added 20 × ${packed.name} to Plant 3 monthly.`);
  await expect(dialog.getByRole('button', { name: 'Done' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The next product goes on the list just made, chosen first.
  await page.goto(`/products/${single._id}`);
  await page.getByRole('button', { name: 'Add to list' }).click();
  const second = page.getByRole('dialog', { name: `Add ${single.name} to a list` });
  await expect(second.getByLabel('List', { exact: true }).locator('option:checked')).toHaveText('Plant 3 monthly');
  await second.getByLabel('Quantity').fill('5');
  await second.getByRole('button', { name: 'Add to list' }).click();
  await expect(second.getByRole('status')).toContainText(`Added 5 × ${single.name} to Plant 3 monthly.`);
  await second.getByRole('link', { name: 'Open the list' }).click();
  await expect(page).toHaveURL(LIST_URL);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plant 3 monthly');
  const privateId = LIST_URL.exec(page.url())?.[1] ?? '';

  // The cart saved as a list shared with the company.
  await fillCartByApi(request, buyer, [
    { productId: packed._id, quantity: 30 },
    { productId: doomed._id, quantity: 4 },
  ]);
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Save cart as list' }).click();
  const save = page.getByRole('dialog', { name: 'Save your cart as a list' });
  await expect(save.getByLabel('List name')).toBeFocused();
  await page.keyboard.type('Line 2 spares');
  await save.getByLabel(`Share with ${company.name}: its members read it, owners and buyers edit it.`).check();
  await checkScreen(page, 'list-save-cart', () => expect(save).toBeVisible());
  await save.getByRole('button', { name: 'Save list' }).click();
  await expect(page).toHaveURL(LIST_URL);
  const sharedId = LIST_URL.exec(page.url())?.[1] ?? '';
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Line 2 spares');
  await expect(page.getByText(`Shared with ${company.name}, made by you.`, { exact: false })).toBeVisible();

  // Quantities and notes edited and saved together; a quantity the pack size refuses shows its problem on its line.
  const lines = page.getByRole('region', { name: 'Lines of Line 2 spares' });
  const packedRow = lines.getByRole('row').filter({ hasText: packed.sku });
  const doomedRow = lines.getByRole('row').filter({ hasText: doomed.sku });
  await lines.getByLabel(`Quantity of ${packed.name}`).fill('35');
  await lines.getByLabel(`Note for ${doomed.name}`).fill('For press 4');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectMessage(page, 'Saved. 1 line has a problem: see under its name.');
  await expect(packedRow.getByTestId('line-problem')).toHaveText('order in packs of 10');
  await expect(lines.getByLabel(`Quantity of ${packed.name}`)).toHaveAttribute('aria-invalid', 'true');
  // $4.00 for the 4 of the good line; the line with a problem is not counted.
  await expect(page.getByTestId('list-total')).toHaveText('$4.00');
  const stored = await request.get(`/api/lists/${sharedId}`, { headers: auth(buyer) });
  const storedList: List = await stored.json();
  expect(storedList.lines.map((l) => [l.sku, l.quantity, l.note])).toEqual([
    [packed.sku, 35, null],
    [doomed.sku, 4, 'For press 4'],
  ]);

  // Lines by SKU: an unknown one is named, a known one added.
  await page.getByLabel('SKU', { exact: true }).fill('NO-SUCH-SKU-1');
  await page.getByRole('button', { name: 'Add line' }).click();
  await expectMessage(page, 'Not added: NO-SUCH-SKU-1: unknown SKU');
  await page.getByLabel('SKU', { exact: true }).fill(single.sku);
  await page.getByRole('form', { name: 'Add by SKU' }).getByLabel('Quantity').fill('6');
  await page.getByRole('button', { name: 'Add line' }).click();
  await expectMessage(page, `Added 6 × ${single.name} (${single.sku}); the list has 6.`);
  await expect(lines.getByRole('row').filter({ hasText: single.sku })).toContainText('$15.00');
  await checkScreen(page, 'list-page', () => expect(packedRow.getByTestId('line-problem')).toBeVisible());
  await expectLinesAsCards(page, lines, [page.getByTestId('list-total')]);

  // A product deleted since: its line says so, and adding all to the cart names what was refused.
  const deleted = await request.delete(`/api/service/${doomed._id}`, { headers: auth(admin) });
  expect(deleted.status()).toBe(200);
  await page.reload();
  await expect(doomedRow.getByTestId('line-problem')).toHaveText('product not found');
  await expect(doomedRow).toContainText('The shop no longer sells it: saving the list removes this line.');
  await expect(lines.getByLabel(`Quantity of ${doomed.name}`)).toHaveCount(0);
  await page.getByRole('button', { name: 'Add all to cart' }).click();
  const outcome = page.getByTestId('to-cart-outcome');
  await expect(outcome).toContainText('Added 1 line to your cart');
  const refused = page.getByRole('status').filter({ hasText: 'Not added:' });
  await expect(refused).toContainText(`${packed.sku} (${packed.name}): order in packs of 10`);
  await expect(refused).toContainText(`${doomed.sku} (${doomed.name})`);

  // The problem mended (the deleted product's line goes with the save), only the ticked line goes to the cart.
  await lines.getByLabel(`Quantity of ${packed.name}`).fill('40');
  await expect(page.getByText('Save or undo your changes to the lines first.').first()).toBeVisible();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectMessage(page, 'Saved.');
  await expect(doomedRow).toHaveCount(0);
  await expect(packedRow.getByTestId('line-problem')).toHaveCount(0);
  await lines.getByLabel(`Select ${packed.name} for the cart`).check();
  await page.getByRole('button', { name: 'Add selected to cart (1)' }).click();
  await expect(outcome).toContainText('Added 1 line to your cart');
  await page.getByRole('link', { name: 'View your cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const cartLines = page.getByRole('region', { name: 'Cart lines' });
  await expect(cartLines.getByLabel(`Quantity of ${packed.name}`)).toHaveValue('70');
  await expect(cartLines.getByLabel(`Quantity of ${single.name}`)).toHaveValue('6');

  // My Lists: both, private and shared, from the dashboard's menu.
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Lists' }).click();
  const table = page.getByRole('region', { name: 'Lists' });
  await expect(table.getByRole('row').filter({ hasText: 'Plant 3 monthly' })).toContainText('Private');
  // Each list's total at today's prices, as the list shows it: 20 × $4.20 and 5 × $2.50.
  await expect(
    table.getByRole('row').filter({ hasText: 'Plant 3 monthly' }).getByRole('cell').filter({ hasText: '$' }),
  ).toHaveText('$96.50');
  await expect(table.getByRole('row').filter({ hasText: 'Line 2 spares' })).toContainText(
    `Shared with ${company.name} (by you)`,
  );
  await checkScreen(page, 'my-lists', () => expect(table).toBeVisible());

  // A viewer reads the shared list, not the buyer's private one, and is offered nothing they may not do.
  const viewerContext = await browser.newContext({ baseURL: BASE_URL });
  const viewerPage = await viewerContext.newPage();
  await useSession(viewerPage, viewer);
  await viewerPage.goto('/dashboard/lists');
  const viewerTable = viewerPage.getByRole('region', { name: 'Lists' });
  await expect(viewerTable.getByRole('row').filter({ hasText: 'Line 2 spares' })).toContainText(
    `Shared with ${company.name} (by a colleague)`,
  );
  await expect(viewerTable).not.toContainText('Plant 3 monthly');
  await viewerTable.getByRole('link', { name: 'Line 2 spares' }).click();
  await expect(viewerPage.getByTestId('read-only')).toHaveText(
    'Read only. Your company role is viewer: you can read its shared lists but not change them.',
  );
  await expect(viewerPage.getByText(`Viewers in ${company.name} cannot place, pay or cancel orders`)).toBeVisible();
  await expect(viewerPage.getByRole('spinbutton')).toHaveCount(0);
  for (const step of ['Save changes', 'Add line', 'Add all to cart', 'Delete list', 'Remove']) {
    await expect(viewerPage.getByRole('button', { name: step })).toHaveCount(0);
  }
  await checkScreen(viewerPage, 'list-viewer', () => expect(viewerPage.getByTestId('read-only')).toBeVisible());
  const hidden = await viewerPage.request.get(`/api/lists/${privateId}`, { headers: auth(viewer) });
  expect(hidden.status()).toBe(404);
  await viewerContext.close();

  // The buyer renames their private list, then deletes it, asked first in the app's dialog.
  await page.goto(`/dashboard/lists/${privateId}`);
  const settings = page.getByRole('region', { name: 'Name and sharing' });
  await settings.getByLabel('List name').fill('Plant 3 weekly');
  await settings.getByRole('button', { name: 'Save name and sharing' }).click();
  await expect(settings.getByRole('status')).toHaveText('Saved: Plant 3 weekly, private.');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plant 3 weekly');
  await page.getByRole('button', { name: 'Delete list' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Plant 3 weekly?' });
  await checkScreen(page, 'list-delete', () => expect(confirm).toBeVisible());
  await confirm.getByRole('button', { name: 'Yes, delete the list' }).click();
  await expect(page).toHaveURL(/\/dashboard\/lists$/);
  await expectMessage(page, 'List Plant 3 weekly deleted');
  await expect(page.getByRole('region', { name: 'Lists' })).not.toContainText('Plant 3');
  const left = await request.get('/api/lists', { headers: auth(buyer) });
  const summaries: ListSummary[] = await left.json();
  expect(summaries.map((l) => [l.name, l.shared, l.lineCount])).toEqual([['Line 2 spares', true, 2]]);
});

test('a list that would pass the cart’s 100 lines adds nothing and says to order it in parts', async ({
  page,
  request,
}) => {
  const admin = await adminByApi(request);
  // 100 products fill the cart; the list holds a 101st.
  const products = [];
  for (let start = 0; start < 101; start += 10) {
    const batch = Array.from({ length: Math.min(10, 101 - start) }, () =>
      createProductByApi(request, admin, { sku: uniqueSku('E2E-LIST-FULL'), price: 1, quantity: 1 }),
    );
    products.push(...(await Promise.all(batch)));
  }
  const [extra, ...filling] = products;
  const buyer = await signUpByApi(request, 'Fay Full');
  await fillCartByApi(
    request,
    buyer,
    filling.map((product) => ({ productId: product._id, quantity: 1 })),
  );
  const created = await request.post('/api/lists', { headers: auth(buyer), data: { name: 'Site 9 top-up' } });
  expect(created.status()).toBe(201);
  const list: List = await created.json();
  const added = await request.post(`/api/lists/${list._id}/lines`, {
    headers: auth(buyer),
    data: { lines: [{ sku: extra?.sku, quantity: 2 }] },
  });
  expect(added.status()).toBe(200);
  await useSession(page, buyer);

  await page.goto(`/dashboard/lists/${list._id}`);
  await page.getByRole('button', { name: 'Add all to cart' }).click();
  await expect(page.getByTestId('to-cart-outcome')).toHaveText(
    'A cart holds at most 100 lines, so nothing was added: order a long list in parts. Tick the lines of the first part (your cart has room for 100 lines in all), add them and check out, then the next.',
  );
  await expect(page.getByRole('link', { name: 'View your cart' })).toHaveCount(0);
  await checkScreen(page, 'list-cart-full', () => expect(page.getByTestId('to-cart-outcome')).toBeVisible());
  const cart = await request.get('/api/cart', { headers: auth(buyer) });
  const body: { lines: unknown[] } = await cart.json();
  expect(body.lines).toHaveLength(100);
});
