// The administrator's Integrations page (B2B §9): create a key with scopes, copy it the one time it is shown, see it
// listed with its last use once a system called with it, and revoke it behind a confirmation, after which the key is
// refused. Checked with axe and at phone width.
import { expect, test } from '@playwright/test';
import { adminByApi, useSession } from '../support/api';
import { checkScreen } from '../support/screens';
import { BASE_URL } from '../support/settings';

test('an admin creates a scoped API key, copies it once, sees its last use and revokes it', async ({
  page,
  context,
  request,
}) => {
  const admin = await adminByApi(request);
  await useSession(page, admin);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  const name = `ERP sync ${Date.now()}`;

  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(/\/dashboard\/integrations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();

  // Nothing chosen: the form says what is missing and creates nothing.
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByRole('alert')).toHaveText('Give the key a name');
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose at least one scope');
  await page.getByRole('checkbox', { name: /orders:read/ }).check();
  await page.getByRole('checkbox', { name: /orders:write/ }).check();
  await page.getByRole('button', { name: 'Create key' }).click();

  const shown = page.getByRole('textbox', { name: 'API key', exact: true });
  await expect(shown).toHaveValue(/^kc_[A-Za-z0-9_-]{43}$/);
  const key = await shown.inputValue();
  await checkScreen(page, 'admin-integrations-new-key', () => expect(shown).toBeVisible());
  await page.getByRole('button', { name: 'Copy key' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

  // The key works for its scopes only.
  const bearer = { Authorization: `Bearer ${key}` };
  expect((await request.get('/api/order', { headers: bearer })).status()).toBe(200);
  expect((await request.get('/api/user', { headers: bearer })).status()).toBe(403);

  // Once put away it is gone for good: not on the page, not in the list, not after a reload.
  await page.getByRole('button', { name: 'Done, I have stored it' }).click();
  await expect(shown).toHaveCount(0);
  await page.reload();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('orders:read');
  await expect(row).toContainText('orders:write');
  await expect(row).not.toContainText('Never');
  expect(await page.content()).not.toContain(key.slice(3));
  await checkScreen(page, 'admin-integrations', () => expect(row).toBeVisible());

  await row.getByRole('button', { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this key?' });
  await expect(dialog).toContainText(name);
  await checkScreen(page, 'admin-integrations-revoke', () => expect(dialog).toBeVisible());
  await dialog.getByRole('button', { name: 'Yes, revoke' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  expect((await request.get('/api/order', { headers: bearer })).status()).toBe(401);
});
