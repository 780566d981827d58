// The administrator's Tax page (B2B §13, issue #50): opened from the sidebar, it shows the shop's country and tax id;
// rates are added and saved as a whole; a refused save marks each bad row with the server's reason and saves
// nothing. Checked with axe and at phone width. The table is left empty again, as every other journey expects it.
import { expect, test } from '@playwright/test';
import { adminByApi, useSession } from '../support/api';
import { checkScreen, expectMessage } from '../support/screens';

test('an admin edits the tax rates: a bad row is named and nothing is saved, then the table is saved', async ({
  page,
  request,
}) => {
  const admin = await adminByApi(request);
  const empty = await request.put('/api/admin/tax-rates', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { rates: [] },
  });
  expect(empty.status()).toBe(200);
  await useSession(page, admin);

  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Tax' }).click();
  await expect(page).toHaveURL(/\/dashboard\/tax$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tax');
  await expect(page.getByText('Shop country')).toBeVisible();
  await expectMessage(page, 'No tax rates: every order is untaxed.');

  // Two rows, the second with a rate above 30 and a region Germany does not take.
  await page.getByRole('button', { name: 'Add a rate' }).click();
  await page.getByLabel('Rate 1 country').fill('de');
  await page.getByLabel('Rate 1 rate (%)').fill('19');
  await page.getByLabel('Rate 1 name').fill('VAT');
  await page.getByRole('button', { name: 'Add a rate' }).click();
  await page.getByLabel('Rate 2 country').fill('FR');
  await page.getByLabel('Rate 2 rate (%)').fill('30.5');
  await page.getByLabel('Rate 2 name').fill('TVA');
  await page.getByRole('button', { name: 'Save tax rates' }).click();
  await expectMessage(page, 'rate must be a percentage from 0 to 30');
  await expectMessage(page, 'Not saved: Some tax rates are invalid: see error.rows');
  await expect(page.getByLabel('Rate 2 rate (%)')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Rate 1 rate (%)')).not.toHaveAttribute('aria-invalid', 'true');
  await checkScreen(page, 'tax-refused', () => expectMessage(page, 'rate must be a percentage from 0 to 30'));
  const unchanged = await request.get('/api/admin/tax-rates', { headers: { authorization: `Bearer ${admin.token}` } });
  expect(await unchanged.json()).toEqual({ rates: [] });

  await page.getByLabel('Rate 2 rate (%)').fill('20');
  await page.getByRole('button', { name: 'Save tax rates' }).click();
  await expectMessage(page, 'Saved: 2 rates.');
  await expect(page.getByLabel('Rate 1 country')).toHaveValue('DE');
  await checkScreen(page, 'tax-saved', () => expectMessage(page, 'Saved: 2 rates.'));
  const saved = await request.get('/api/admin/tax-rates', { headers: { authorization: `Bearer ${admin.token}` } });
  expect(await saved.json()).toEqual({
    rates: [
      { country: 'DE', region: null, rate: 19, name: 'VAT' },
      { country: 'FR', region: null, rate: 20, name: 'TVA' },
    ],
  });

  // Removed again through the page: the table every other journey expects.
  await page.getByRole('button', { name: 'Remove rate 2' }).click();
  await page.getByRole('button', { name: 'Remove rate 1' }).click();
  await page.getByRole('button', { name: 'Save tax rates' }).click();
  await expectMessage(page, 'Saved: 0 rates.');
});
