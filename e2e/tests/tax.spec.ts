// The administrator's Tax page (B2B §13, issue #50): opened from the sidebar, it shows the shop's country and tax id;
// rates are added and saved as a whole; a refused save marks each bad row with the server's reason and saves
// nothing. Checked with axe and at phone width. The table is left empty again, as every other journey expects it.
import { expect, test } from '@playwright/test';
import { adminByApi, createProductByApi, fillCartByApi, signUpByApi, uniqueSku, useSession } from '../support/api';
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

test('the checkout shows the tax of the ship-to chosen, and the order page the tax it was placed with', async ({
  page,
  request,
}) => {
  const admin = await adminByApi(request);
  const auth = { authorization: `Bearer ${admin.token}` };
  // Germany only: the shop's own country (US) keeps no row, so every other journey's orders stay untaxed.
  const rates = await request.put('/api/admin/tax-rates', {
    headers: auth,
    data: { rates: [{ country: 'DE', rate: 19, name: 'VAT' }] },
  });
  expect(rates.status()).toBe(200);
  try {
    const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-TAX'), price: 2.35, quantity: 10 });
    const person = await signUpByApi(request, 'Tilda Tax');
    const entry = await request.post('/api/me/addresses', {
      headers: { authorization: `Bearer ${person.token}` },
      data: {
        label: 'Berlin office',
        address: { line1: 'Unter den Linden 1', city: 'Berlin', postalCode: '10117', country: 'DE' },
        phone: '+49 30 555 0100',
      },
    });
    expect(entry.status()).toBe(201);
    await fillCartByApi(request, person, [{ productId: product._id, quantity: 15 }]);
    await useSession(page, person);

    // 15 × $2.35 = $35.25; 19% of 3,525 cents is 669.75, half up 670.
    await page.goto('/cart');
    const totals = page.getByLabel('Order totals');
    await expect(page.getByText('VAT 19%')).toBeVisible();
    await expect(totals).toContainText('$35.25');
    await expect(totals).toContainText('$6.70');
    await expect(totals).toContainText('$41.95');
    await checkScreen(page, 'tax-checkout', () => expect(page.getByText('VAT 19%')).toBeVisible());

    // The typed address has no ship-to: the shop's country, which has no row.
    const shipTo = page.getByRole('group', { name: 'Ship to' });
    await shipTo.getByRole('radio', { name: 'Type it as text' }).check();
    await expect(page.getByText('Tax 0%')).toBeVisible();
    await shipTo.getByRole('radio', { name: /^Berlin office/ }).check();
    await expect(page.getByText('VAT 19%')).toBeVisible();

    await page.getByLabel('Phone', { exact: true }).fill('+49 30 555 0100');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/dashboard\/(payment|orders)\/[0-9a-f]{24}$/);
    const id = page.url().split('/').pop() ?? '';
    await page.goto(`/dashboard/orders/${id}`);
    const foot = page.locator('tfoot');
    await expect(foot).toContainText('Subtotal$35.25');
    await expect(foot).toContainText('VAT 19%$6.70');
    await expect(foot).toContainText('Total$41.95');
  } finally {
    const cleared = await request.put('/api/admin/tax-rates', { headers: auth, data: { rates: [] } });
    expect(cleared.status()).toBe(200);
  }
});
