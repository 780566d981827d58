// The administrator's Store figures page (B2B §8): reached from the dashboard's navigation, it shows the figures of
// an order this journey placed and paid (its product's units and revenue among the top products, its stock in the
// low-stock list, today's revenue as the API counts it), checks the range picker's input, changes the range, and is
// checked with axe and at phone width.
import { expect, test } from '@playwright/test';
import { adminByApi, createProductByApi, payByApi, signUpByApi, uniqueSku, useSession } from '../support/api';
import { checkScreen } from '../support/screens';

test('an admin reads the store figures of a paid order and changes the range', async ({ page, request }) => {
  const admin = await adminByApi(request);
  const buyer = await signUpByApi(request, 'Stats Buyer');
  // A cent a screw, 5,000,003 of them: $50,000.03, more units than any other journey orders, so it ranks first.
  const name = `Kestrel Stats Screw ${uniqueSku('S')}`;
  const product = await createProductByApi(request, admin, {
    name,
    price: 0.01,
    quantity: 100,
    availableQuantity: 5_000_150,
  });
  const placed = await request.post('/api/orders', {
    headers: { Authorization: `Bearer ${buyer.token}` },
    data: { lines: [{ productId: product._id, quantity: 5_000_003 }], phone: '555-0100', address: '1 Dock Rd' },
  });
  expect(placed.status()).toBe(201);
  const { insertedId }: { insertedId: string } = await placed.json();
  await payByApi(request, buyer, insertedId);
  const today = new Date().toISOString().slice(0, 10);
  const api = await request.get(`/api/admin/stats?from=${today}&to=${today}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect(api.status()).toBe(200);
  const { revenue }: { revenue: Array<{ day: string; total: number }> } = await api.json();
  const todays = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(revenue[0]!.total);

  await useSession(page, admin);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Store figures' }).click();
  await expect(page).toHaveURL(/\/dashboard\/stats$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Store figures' })).toBeVisible();

  // The last 30 days by default, today last.
  const revenueTable = page.getByRole('table', { name: 'Revenue per day' });
  await expect(revenueTable.getByRole('row')).toHaveCount(31);
  await expect(revenueTable.getByRole('row', { name: new RegExp(`^${today}`) })).toContainText(todays);
  const top = page.getByRole('table', { name: 'Top products' }).getByRole('row').filter({ hasText: name });
  await expect(top).toContainText('5,000,003');
  await expect(top).toContainText('$50,000.03');
  const low = page.getByRole('table', { name: 'Low stock' }).getByRole('row').filter({ hasText: name });
  await expect(low).toContainText('147');
  await expect(page.getByRole('img', { name: /Chart of revenue per day/ })).toBeVisible();
  await checkScreen(page, 'admin-stats', () => expect(top).toBeVisible());

  // The range picker says what is wrong and asks nothing.
  const from = page.getByLabel('From (UTC day)');
  const to = page.getByLabel('To (UTC day)');
  await from.fill('2020-02-01');
  await to.fill('2020-01-01');
  await page.getByRole('button', { name: 'Show figures' }).click();
  await expect(page.getByRole('alert')).toHaveText('The first day must not be after the last day');
  await from.fill('2018-01-01');
  await page.getByRole('button', { name: 'Show figures' }).click();
  await expect(page.getByRole('alert')).toHaveText('The range may be at most 366 days; this one is 731');
  await expect(page).toHaveURL(/\/dashboard\/stats$/);

  // A month before the shop existed: every day present at $0.00, no top products.
  await from.fill('2020-01-01');
  await to.fill('2020-01-31');
  const show = page.getByRole('button', { name: 'Show figures' });
  await show.click();
  await expect(page).toHaveURL(/from=2020-01-01&to=2020-01-31/);
  await expect(page.getByText('Figures from 2020-01-01 to 2020-01-31')).toBeVisible();
  // The keyboard stays where it was: the form is not rebuilt under it.
  await expect(show).toBeFocused();
  await expect(revenueTable.getByRole('row')).toHaveCount(32);
  await expect(revenueTable.getByRole('row', { name: /^2020-01-31/ })).toContainText('$0.00');
  await expect(page.getByText('No paid orders in this range.')).toBeVisible();
  await checkScreen(page, 'admin-stats-empty-range', () => expect(revenueTable).toBeVisible());

  // Back to the default range: the fields follow the address.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/stats$/);
  await expect(revenueTable.getByRole('row')).toHaveCount(31);
  await expect(to).toHaveValue(today);

  // An address with the first day alone reads as the API reads it: from that day to today.
  await page.goto(`/dashboard/stats?from=${today}`);
  await expect(page.getByText(`Figures from ${today} to ${today}`)).toBeVisible();
  await expect(revenueTable.getByRole('row')).toHaveCount(2);

  // An address the API would refuse says so, shows no other days' figures, and marks the field to fix.
  await page.goto('/dashboard/stats?from=2020-02-01&to=2020-01-01');
  await expect(
    page.getByText(
      "The range in this page's address cannot be shown: The first day must not be after the last day. Choose the days above.",
    ),
  ).toBeVisible();
  await expect(from).toHaveAttribute('aria-invalid', 'true');
  await expect(from).toHaveValue('2020-02-01');
  await expect(revenueTable).toHaveCount(0);
  await to.fill('2020-02-03');
  await show.click();
  await expect(page.getByText('Figures from 2020-02-01 to 2020-02-03')).toBeVisible();
  await expect(revenueTable.getByRole('row')).toHaveCount(4);
});
