// The administrator's Companies (B2B §5, issue #25): a company with two members and an order on account is set up
// through the API; the admin finds it in the list, opens it, sets net 30 and a credit limit with the keyboard, sets a
// contract price by hand, has a CSV with one bad row refused (nothing changes) and a good one applied, and reads the
// balance with its unpaid order, then (the answer shaped as a past due date would make it) the overdue warning whose
// order opens the admin's order page, where mark-paid is.
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { CompanyAccount } from '@kestrel/shared';
import {
  adminByApi,
  createProductByApi,
  signUpByApi,
  uniqueEmail,
  uniqueSku,
  useSession,
  type Account,
} from '../support/api';
import { confirmEmailByApi, linkIn, waitForMail } from '../support/mail';
import { checkScreen, expectMessage } from '../support/screens';

const auth = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

/** An owner's company with a buyer who joined through the invite mail; answers the company's id. */
async function companyWithMembers(request: APIRequestContext, owner: Account, name: string): Promise<string> {
  const created = await request.post('/api/companies', {
    headers: auth(owner),
    data: { name, taxId: 'GB 123 4567 89', billingAddress: 'Unit 4, Forge Lane\nSheffield S1 2AB' },
  });
  expect(created.status()).toBe(201);
  const { _id: companyId }: { _id: string } = await created.json();
  const email = uniqueEmail('buyer');
  // Only a confirmed e-mail invites (#47).
  await confirmEmailByApi(request, owner.email);
  const invited = await request.post('/api/companies/mine/invites', {
    headers: auth(owner),
    data: { email, role: 'buyer', spendingLimit: 500 },
  });
  expect(invited.status()).toBe(201);
  const signedUp = await request.post('/api/auth/signup', {
    data: { name: 'Bea Buyer', email, password: 'customer-pass-1' },
  });
  expect(signedUp.status()).toBe(201);
  const { token }: { token: string } = await signedUp.json();
  const link = linkIn(await waitForMail(email, /^Join /), 'invite');
  const accepted = await request.post(`/api/invites/${link.split('/').pop() ?? ''}/accept`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(accepted.status()).toBe(200);
  return companyId;
}

test('the admin finds a company, sets its terms, credit limit and contract prices, and reads its balance', async ({
  page,
  request,
}) => {
  const admin = await adminByApi(request);
  const boltSku = uniqueSku('E2E-BOLT');
  const nutSku = uniqueSku('E2E-NUT');
  const bolt = await createProductByApi(request, admin, { sku: boltSku, price: 2.5, quantity: 10 });
  await createProductByApi(request, admin, { sku: nutSku, price: 1.9, quantity: 10 });
  const owner = await signUpByApi(request, 'Olive Owner');
  const tag = uniqueSku('CO');
  const name = `Forge Fasteners ${tag}`;
  const companyId = await companyWithMembers(request, owner, name);
  // Net 15 without a limit, then an order of 100 bolts on account: $250.00 owed.
  const terms = await request.patch(`/api/admin/companies/${companyId}`, {
    headers: auth(admin),
    data: { paymentTerms: 'net15', creditLimit: null },
  });
  expect(terms.status()).toBe(200);
  const placed = await request.post('/api/orders', {
    headers: auth(owner),
    data: {
      lines: [{ productId: bolt._id, quantity: 100 }],
      phone: '+44 114 496 0000',
      address: 'Unit 4, Forge Lane, Sheffield',
      poNumber: 'PO-FORGE-1',
      paymentTerms: 'account',
    },
  });
  expect(placed.status()).toBe(201);
  const { order }: { order: { _id: string; number: string } } = await placed.json();

  await useSession(page, admin);
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Companies' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Companies');
  const search = page.getByLabel('Find a company');
  await search.fill('no such company at all');
  await expect(page.getByText('No company matches “no such company at all”.')).toBeVisible();
  await search.fill(tag.toLowerCase());
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('GB 123 4567 89');
  await expect(row).toContainText('Net 15 days');
  await expect(row).toContainText('$250.00');
  // Other journeys' companies may be listed too: the count says how many the filter kept.
  await expect(page.getByRole('status').filter({ hasText: /compan/ })).toHaveText(/^1 (company|of \d+ companies)$/);
  await checkScreen(page, 'admin-companies', () => expect(row).toBeVisible());

  await row.getByRole('link', { name }).click();
  await expect(page).toHaveURL(`/dashboard/companies/${companyId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  const members = page.getByRole('table', { name: '2 members' });
  await expect(members.getByRole('row').filter({ hasText: owner.email })).toContainText('Owner');
  await expect(members.getByRole('row').filter({ hasText: 'Bea Buyer' })).toContainText('Buyer$500.00');
  await expect(page.getByText('Unit 4, Forge Lane')).toBeVisible();

  // Terms by keyboard: the select, Tab to the limit, Enter submits; a bad limit is refused under its field.
  const form = page.getByRole('form', { name: 'Payment terms and credit limit' });
  const termsSelect = form.getByLabel('Payment terms');
  await termsSelect.focus();
  await termsSelect.selectOption('net30');
  await expect(termsSelect).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form.getByLabel('Credit limit ($)')).toBeFocused();
  await page.keyboard.type('12.345');
  await page.keyboard.press('Enter');
  await expectMessage(page, 'Enter an amount in dollars with at most 2 decimals, or leave it empty');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('10,000');
  await page.keyboard.press('Enter');
  await expect(form.getByRole('status')).toHaveText('Saved: Net 30 days, credit limit $10,000.00.');

  const account = page.getByRole('region', { name: 'Account and balance' });
  await expect(account).toContainText('TermsNet 30 days');
  await expect(account).toContainText('Open balance$250.00');
  await expect(account).toContainText('Credit limit$10,000.00');
  await expect(account).toContainText('Available$9,750.00');
  await expect(account.getByRole('link', { name: order.number })).toHaveAttribute(
    'href',
    `/dashboard/manage-orders/${order._id}`,
  );

  // A contract price by keyboard: SKU (any case), Tab, price, Enter.
  await page.getByLabel('SKU', { exact: true }).fill(boltSku.toLowerCase());
  await page.keyboard.press('Tab');
  await page.keyboard.type('2.10');
  await page.keyboard.press('Enter');
  await expectMessage(page, `Contract price set for ${boltSku}`);
  const table = page.getByRole('region', { name: 'Contract prices by SKU' }).getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByLabel(`Contract price of ${boltSku}`, { exact: true })).toHaveValue('2.1');

  // One bad row: the whole file is refused, each bad row named, and the list stays as it was.
  const upload = page.getByLabel('Replace the list from a CSV file (columns sku,price; all rows or none)');
  await upload.setInputFiles({
    name: 'prices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sku,price\n${nutSku},1.75\nKC-NOPE-404,1.00\n`),
  });
  const refusal = page.getByRole('alert').filter({ hasText: 'The file was refused' });
  await expect(refusal).toContainText('The file was refused, and no contract price was changed.');
  await expect(refusal).toContainText('1 row(s) of the file are not valid; nothing was changed');
  await expect(refusal).toContainText('Line 3: unknown SKU KC-NOPE-404');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).not.toContainText(nutSku);
  await checkScreen(page, 'admin-company', () => expect(refusal).toBeVisible());

  await upload.setInputFiles({
    name: 'prices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`sku,price\n${boltSku},2.05\n${nutSku},1.75\n`),
  });
  await expectMessage(page, 'Imported 2 contract prices');
  await expect(refusal).toHaveCount(0);
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByLabel(`Contract price of ${boltSku}`, { exact: true })).toHaveValue('2.05');
  await expect(table.getByLabel(`Contract price of ${nutSku}`, { exact: true })).toHaveValue('1.75');
  // What a member is now shown for the bolt (B2B §5): the list price kept, the contract price beside it.
  const seen = await request.get(`/api/service/${bolt._id}`, { headers: auth(owner) });
  expect(await seen.json()).toMatchObject({ price: 2.5, contractPrice: 2.05 });

  // The same order, answered as it will be once its due date has passed: the warning, the badge, and its link.
  await page.route(
    (url) => url.pathname === `/api/admin/companies/${companyId}/balance`,
    async (route) => {
      const response = await route.fetch();
      const real: CompanyAccount = await response.json();
      const openOrders = real.openOrders.map((o) => ({ ...o, dueDate: '2026-01-31', overdue: true }));
      await route.fulfill({ response, json: { ...real, openOrders, overdueCount: 1, overdueAmount: real.balance } });
    },
  );
  await page.reload();
  await expect(account.getByRole('alert')).toHaveText(
    '1 overdue order ($250.00): the company places no new order on account until they are paid. Open an order to mark it paid.',
  );
  await expect(account.getByRole('row').filter({ hasText: order.number })).toContainText('Overdue');
  await account.getByRole('link', { name: order.number }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.number}`);
});
