// The administrator's Store figures page (B2B §8): reached from the dashboard's navigation, it shows the figures of
// an order this journey placed and paid (its product's units and revenue among the top products, its stock in the
// low-stock list, today's revenue as the API counts it), what companies owe on account beside the revenue (an
// on-account order this journey placed among it, #47), checks the range picker's input, including days outside
// 2000-2099, changes the range, and is checked with axe and at phone width.
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
    // 147 left after this journey's two orders: below twice the minimum.
    availableQuantity: 5_001_384,
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
  const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  const todays = dollars.format(revenue[0]!.total);

  // A company on net 30 owes $12.34 for an order on account (1,234 screws): the receivables include it.
  const owner = await signUpByApi(request, 'Stats Owner');
  const company = await request.post('/api/companies', {
    headers: { Authorization: `Bearer ${owner.token}` },
    data: { name: `Stats Net Ltd ${uniqueSku('N')}`, taxId: 'GB123456789', billingAddress: '1 Mill Road\nLeeds' },
  });
  expect(company.status()).toBe(201);
  const { _id: companyId }: { _id: string } = await company.json();
  const terms = await request.patch(`/api/admin/companies/${companyId}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { paymentTerms: 'net30', creditLimit: null },
  });
  expect(terms.status()).toBe(200);
  const onAccount = await request.post('/api/orders', {
    headers: { Authorization: `Bearer ${owner.token}` },
    data: {
      lines: [{ productId: product._id, quantity: 1234 }],
      phone: '555-0101',
      address: '1 Mill Road',
      paymentTerms: 'account',
    },
  });
  expect(onAccount.status()).toBe(201);
  const owedNow = await request.get(`/api/admin/stats?from=${today}&to=${today}`, {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  type Owed = { total: number; orders: number; companies: number };
  const { receivables }: { receivables: { asOf: string; open: Owed; overdue: Owed } } = await owedNow.json();
  expect(receivables.asOf).toBe(today);
  expect(receivables.open.total).toBeGreaterThanOrEqual(12.34);
  expect(receivables.open.orders).toBeGreaterThanOrEqual(1);
  // Days outside 2000-01-01 .. 2099-12-31 are refused, naming the field.
  const ancient = await request.get('/api/admin/stats?to=0000-01-01', {
    headers: { Authorization: `Bearer ${admin.token}` },
  });
  expect(ancient.status()).toBe(400);
  expect((await ancient.json()).error.message).toBe('"to" must be a day from 2000-01-01 to 2099-12-31');

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
  // Beside the revenue: what companies owe on account today and what of it is overdue, as text and in a table.
  const owed = page.getByRole('table', { name: `Owed on account on ${today}` });
  const count = (n: number) => n.toLocaleString('en-US');
  for (const [name, figures] of [
    ['Owed on account', receivables.open],
    ['Overdue', receivables.overdue],
  ] as const) {
    const row = owed.getByRole('row', { name: new RegExp(`^${name}`) });
    await expect(row.getByRole('cell')).toHaveText([
      dollars.format(figures.total),
      count(figures.orders),
      count(figures.companies),
    ]);
  }
  const summary = page.getByRole('region', { name: 'Revenue and money owed' });
  await expect(summary).toContainText(`Owed on account${dollars.format(receivables.open.total)}`);
  await expect(summary).toContainText(`Overdue${dollars.format(receivables.overdue.total)}`);
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

  // A day outside 2000-01-01 .. 2099-12-31 in the address (#47): refused with the field named, no figures asked.
  await page.goto('/dashboard/stats?to=0000-01-01');
  await expect(
    page.getByText(
      "The range in this page's address cannot be shown: The last day must be from 2000-01-01 to 2099-12-31. Choose the days above.",
    ),
  ).toBeVisible();
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(revenueTable).toHaveCount(0);
  await checkScreen(page, 'admin-stats-refused-range', () => expect(to).toHaveAttribute('aria-invalid', 'true'));
});
