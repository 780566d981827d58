// The audit trail (B2B §15, issue #52): an administrator changes a product's price and stock on its edit page, opens
// Audit from the sidebar, filters by action and by person (the filters kept in the address), and reads the change as
// before and after; a filter that matches nothing says so. Checked with axe and at phone width.
import { expect, test } from '@playwright/test';
import { adminByApi, createProductByApi, uniqueSku, useSession } from '../support/api';
import { checkScreen, expectMessage } from '../support/screens';

test('an admin changes a price and the stock, then finds the change on the Audit page with its before and after', async ({
  page,
  request,
}) => {
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-AUDIT'), price: 4.2 });
  await useSession(page, admin);

  await page.goto(`/dashboard/editproduct/${product._id}`);
  await page.getByLabel('Base price (dollars per unit)').fill('5.10');
  await page.getByLabel('Stock adjustment (+ adds, − removes)').fill('-250');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expectMessage(page, `${product.name} is saved`);

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Audit' }).click();
  await expect(page).toHaveURL(/\/dashboard\/audit$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Audit trail');

  // By action and this product: the one edit, with what changed.
  await page.getByLabel('Action').fill('product.updated');
  await page.getByLabel('Target id').fill(product._id);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(`/dashboard/audit?action=product.updated&targetId=${product._id}`);
  const entry = page.getByRole('article');
  await expect(entry).toHaveCount(1);
  await expect(entry.getByRole('heading', { level: 2 })).toHaveText('product.updated');
  await expect(entry).toContainText(`Edited product ${product.sku} (${product.name}); stock -250`);
  await expect(entry).toContainText(`${admin.name} (${admin.email})`);
  const changes = entry.getByRole('table', { name: 'Changes of product.updated' });
  await expect(changes.getByRole('row', { name: /^price/ })).toHaveText(/price\s*4\.2\s*→\s*5\.1/);
  await expect(changes.getByRole('row', { name: /^availableQuantity/ })).toHaveText(
    /availableQuantity\s*10000\s*→\s*9750/,
  );
  await checkScreen(page, 'audit-entry', () => expect(changes).toBeVisible());

  // And by person: the same entry under the administrator's e-mail; the address keeps every filter.
  await page.getByLabel('Person').fill(admin.email);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(
    `/dashboard/audit?actor=${encodeURIComponent(admin.email)}&action=product.updated&targetId=${product._id}`,
  );
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Audit pages' })).toContainText('Entries 1-1 of 1');

  // A reload shows the same view; a bad date is refused in the form, a person with no changes finds none.
  await page.reload();
  await expect(page.getByLabel('Person')).toHaveValue(admin.email);
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByLabel('From').fill('yesterday');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expectMessage(page, 'from must be an ISO time (2026-03-31T12:00:00Z) or a date (2026-03-31)');
  await page.getByLabel('From').fill('');
  await page.getByLabel('Person').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await checkScreen(page, 'audit-empty', () => expectMessage(page, 'No entries match these filters.'));
});
