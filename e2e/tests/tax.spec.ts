// Tax (B2B §13, issue #50). The administrator's Tax page: opened from the sidebar, it shows the shop's country and tax
// id; rates are added and saved as a whole; a refused save marks each bad row with the server's reason and saves
// nothing. The checkout's totals follow the ship-to (a one-off address once complete), the payment page and My Orders
// say what the price is made of, and the admin's tax exemption takes the tax off a company's orders. Checked with axe
// and at phone width. The table is left empty again, as every other journey expects it.
import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  adminByApi,
  createProductByApi,
  fillCartByApi,
  signUpByApi,
  uniqueSku,
  useSession,
  type Account,
} from '../support/api';
import { checkScreen, expectMessage } from '../support/screens';

/**
 * Runs `journey` with German VAT at 19% as the whole table, and empties the table after, pass or fail. Germany only:
 * the shop's own country (US) keeps no row, so every other journey's orders stay untaxed.
 */
async function withGermanVat(request: APIRequestContext, journey: (admin: Account) => Promise<void>): Promise<void> {
  const admin = await adminByApi(request);
  const auth = { authorization: `Bearer ${admin.token}` };
  const rates = await request.put('/api/admin/tax-rates', {
    headers: auth,
    data: { rates: [{ country: 'DE', rate: 19, name: 'VAT' }] },
  });
  expect(rates.status()).toBe(200);
  try {
    await journey(admin);
  } finally {
    const cleared = await request.put('/api/admin/tax-rates', { headers: auth, data: { rates: [] } });
    expect(cleared.status()).toBe(200);
  }
}

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
  await withGermanVat(request, async (admin) => {
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
    // A one-off address is taxed once its fields are complete: France has no row, Germany has.
    await shipTo.getByRole('radio', { name: 'Another place, field by field' }).check();
    await expect(page.getByText('The tax is shown once the address is complete.')).toBeVisible();
    await page.getByLabel('Country').selectOption('DE');
    await page.getByLabel('Street and number').fill('Friedrichstraße 10');
    await page.getByLabel('City').fill('Berlin');
    await page.getByLabel('Postal code').fill('10117');
    await expect(page.getByText('VAT 19%')).toBeVisible();
    await expect(totals).toContainText('$41.95');
    await page.getByLabel('Country').selectOption('FR');
    await expect(page.getByText('Tax 0%')).toBeVisible();
    await shipTo.getByRole('radio', { name: /^Berlin office/ }).check();
    await expect(page.getByText('VAT 19%')).toBeVisible();

    await page.getByLabel('Phone', { exact: true }).fill('+49 30 555 0100');
    await page.getByRole('button', { name: 'Place order' }).click();
    // The payment page: the card pays the total, and says what it is made of.
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
    await expect(page.getByText('amount due: $41.95')).toBeVisible();
    await expect(page.getByText('$35.25 + VAT 19% $6.70')).toBeVisible();
    await checkScreen(page, 'tax-payment', () => expect(page.getByText('$35.25 + VAT 19% $6.70')).toBeVisible());
    const id = page.url().split('/').pop() ?? '';
    await page.goto(`/dashboard/orders/${id}`);
    const foot = page.locator('tfoot');
    await expect(foot).toContainText('Subtotal$35.25');
    await expect(foot).toContainText('VAT 19%$6.70');
    await expect(foot).toContainText('Total$41.95');
    // My Orders: the price, and what it is made of.
    await page.goto('/dashboard/myorder');
    const row = page.getByRole('row').filter({ hasText: '$41.95' });
    await expect(row).toContainText('$35.25 + VAT 19% $6.70');
    await checkScreen(page, 'tax-my-orders', () => expect(row).toBeVisible());
  });
});

test('the admin sets a company tax exempt: its checkout and orders carry no tax and name the certificate', async ({
  page,
  request,
}) => {
  await withGermanVat(request, async (admin) => {
    const auth = { authorization: `Bearer ${admin.token}` };
    const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-EXM'), price: 3, quantity: 10 });
    const owner = await signUpByApi(request, 'Edda Exempt');
    const name = `Exempt Works ${uniqueSku('C')}`;
    const created = await request.post('/api/companies', {
      headers: { authorization: `Bearer ${owner.token}` },
      data: { name, taxId: null, billingAddress: 'Hafenstraße 2\n20359 Hamburg' },
    });
    expect(created.status()).toBe(201);
    const { _id: companyId }: { _id: string } = await created.json();

    await useSession(page, admin);
    await page.goto(`/dashboard/companies/${companyId}`);
    const form = page.getByRole('form', { name: 'Tax exemption' });
    await form.getByLabel("Tax exempt: the company's orders carry no tax").check();
    await form.getByRole('button', { name: 'Save tax exemption' }).click();
    await expectMessage(page, "Enter the exemption certificate's id, 1 to 40 characters");
    const before = await request.get('/api/admin/companies', { headers: auth });
    const listed: Array<{ _id: string; taxExempt: boolean }> = await before.json();
    expect(listed.find((c) => c._id === companyId)?.taxExempt).toBe(false);
    await form.getByLabel('Exemption certificate id').fill('HH-EX-77');
    await form.getByRole('button', { name: 'Save tax exemption' }).click();
    await expectMessage(page, 'Saved: tax exempt, certificate HH-EX-77.');
    await checkScreen(page, 'tax-exemption', () => expectMessage(page, 'Saved: tax exempt, certificate HH-EX-77.'));

    // The company's checkout to Germany: no VAT, and why.
    await fillCartByApi(request, owner, [{ productId: product._id, quantity: 10 }]);
    await useSession(page, owner);
    await page.goto('/cart');
    await page
      .getByRole('group', { name: 'Ship to' })
      .getByRole('radio', { name: 'Another place, field by field' })
      .check();
    await page.getByLabel('Country').selectOption('DE');
    await page.getByLabel('Street and number').fill('Hafenstraße 2');
    await page.getByLabel('City').fill('Hamburg');
    await page.getByLabel('Postal code').fill('20359');
    const totals = page.getByLabel('Order totals');
    await expect(totals).toContainText('Tax exempt (certificate HH-EX-77)');
    await expect(totals).toContainText('Tax exempt: exemption certificate HH-EX-77.');
    await expect(totals).toContainText('Total$30.00');
    await page.getByLabel('Phone', { exact: true }).fill('+49 40 555 0100');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
    await expect(page.getByText('$30.00 + Tax exempt (certificate HH-EX-77) $0.00')).toBeVisible();
  });
});
