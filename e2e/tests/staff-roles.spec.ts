// Staff roles (B2B §15, docs/product.md §34): the administrator gives a confirmed account the warehouse role on the
// Staff page (axe and phone width there); that clerk signs in and sees only the order pages, ships an order without
// being offered the money steps, and a direct visit to a page outside the role is refused. Once the clerk has turned
// on two-step sign-in, the administrator resets it from the Staff page (asked first; axe and phone width with the
// dialog open), and focus stays in the clerk's row.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Order, Product } from '@kestrel/shared';
import { Secret, TOTP } from 'otpauth';
import {
  adminByApi,
  createProductByApi,
  payByApi,
  signUpByApi,
  uniqueSku,
  useSession,
  type Account,
} from '../support/api';
import { confirmEmailByApi } from '../support/company-setup';
import { checkScreen, expectMessage } from '../support/screens';
import { BASE_URL } from '../support/settings';

async function placeByApi(request: APIRequestContext, buyer: Account, product: Product, poNumber: string) {
  const response = await request.post('/api/orders', {
    headers: { Authorization: `Bearer ${buyer.token}` },
    data: {
      lines: [{ productId: product._id, quantity: 1000 }],
      phone: '+44 20 7946 0505',
      address: '2 Quay St',
      poNumber,
    },
  });
  expect(response.status()).toBe(201);
  const { order }: { order: Order } = await response.json();
  return order;
}

const orderCard = (page: Page, poNumber: string) =>
  page
    .getByRole('list', { name: 'Orders' })
    .locator(':scope > li')
    .filter({ hasText: `PO: ${poNumber}` });

test('an administrator makes a clerk warehouse staff; the clerk sees only the order pages and ships', async ({
  page,
  browser,
  request,
}) => {
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-STAFF') });
  const buyer = await signUpByApi(request, 'Bea Buyer');
  const poNumber = uniqueSku('PO-STAFF');
  const order = await placeByApi(request, buyer, product, poNumber);
  await payByApi(request, buyer, order._id);
  const clerk = await signUpByApi(request, 'Wes Warehouse');
  await confirmEmailByApi(request, clerk);

  await useSession(page, admin);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add a member of staff' });
  await form.getByLabel('E-mail of the account').fill(clerk.email);
  await form.getByLabel('Role').selectOption('warehouse');
  await form.getByRole('button', { name: 'Give the role' }).click();
  await expectMessage(page, `${clerk.email} is now Warehouse`);
  const row = page.getByRole('row').filter({ hasText: clerk.email });
  await expect(row).toContainText('Off');
  const select = row.getByRole('combobox', { name: `Role of ${clerk.email}` });
  await expect(select).toHaveValue('warehouse');

  // Another role is asked for first; cancelling leaves the role as it was.
  await select.selectOption('finance');
  const asking = page.getByRole('dialog', { name: `Make ${clerk.email} Finance?` });
  await expect(asking).toContainText('Wes Warehouse will have the Finance role');
  await asking.getByRole('button', { name: 'Cancel' }).click();
  await expect(asking).toBeHidden();
  await expect(select).toHaveValue('warehouse');
  await checkScreen(page, 'admin-staff', () => expect(row).toBeVisible());

  // The clerk, in a browser of their own.
  const context = await browser.newContext({ baseURL: BASE_URL });
  const clerkPage = await context.newPage();
  await useSession(clerkPage, clerk);
  await clerkPage.goto('/dashboard');
  await expect(clerkPage.getByRole('navigation', { name: 'Dashboard' }).getByRole('link')).toHaveText([
    'My Profile',
    'Sign-in and security',
    'Manage All Orders',
    // Returns are read as orders are (issue #51); the clerk may receive them, not decide on them.
    'Returns',
  ]);
  await clerkPage.getByRole('link', { name: 'Manage All Orders' }).click();
  const card = orderCard(clerkPage, poNumber);
  await expect(card).toContainText('Status: Confirmed');
  await expect(card.getByRole('button', { name: `Cancel order of ${product.name}` })).toHaveCount(0);
  await card.getByRole('button', { name: `Ship order of ${product.name}` }).click();
  const dialog = clerkPage.getByRole('dialog', { name: 'Ship this order' });
  await dialog.getByLabel('Carrier').fill('DHL Express');
  await dialog.getByLabel('Tracking number').fill('JD0146000099');
  await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
  await expectMessage(clerkPage, `${product.name} is shipped`);
  await expect(card).toContainText('Status: Shipped');

  // Pages outside the role are refused when visited directly, and say why.
  for (const path of [
    '/dashboard/manageproduct',
    '/dashboard/makeadmin',
    '/dashboard/integrations',
    '/dashboard/staff',
  ]) {
    await clerkPage.goto(path);
    await expect(clerkPage.getByRole('heading', { level: 1, name: 'Not part of your role' })).toBeVisible();
    await expect(clerkPage.getByRole('alert')).toContainText('Your staff role (Warehouse) does not include this page.');
  }
  await context.close();

  // The clerk turns on two-step sign-in (codes computed here as their phone's app would); the administrator resets it.
  const clerkAuth = { Authorization: `Bearer ${clerk.token}` };
  const setup = await request.post('/api/auth/2fa/setup', { headers: clerkAuth });
  const { secret }: { secret: string } = await setup.json();
  const code = TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
  expect((await request.post('/api/auth/2fa/enable', { headers: clerkAuth, data: { code } })).status()).toBe(200);
  await page.reload();
  const twoStep = row.locator('td[data-label="Two-step sign-in"]');
  await expect(twoStep).toHaveText('On');
  await row.getByRole('button', { name: `Reset the two-step sign-in of ${clerk.email}` }).click();
  const resetting = page.getByRole('dialog', { name: `Reset the two-step sign-in of ${clerk.email}?` });
  await checkScreen(page, 'admin-staff-two-step-reset', () =>
    expect(resetting).toContainText('Wes Warehouse is signed out everywhere'),
  );
  await resetting.getByRole('button', { name: 'Yes, reset it' }).click();
  await expectMessage(page, `Two-step sign-in is off for ${clerk.email}`);
  await expect(twoStep).toHaveText('Off');
  await expect(row.getByRole('button', { name: /Reset the two-step/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Remove the staff role of ${clerk.email}` })).toBeFocused();
});
