// Companies in Chromium (B2B §5, issue #25): an owner creates a company and invites a colleague, who signs up from the
// mailed link and joins; a buyer's order above their spending limit waits for the owner's approval and is then paid
// by card; an on-account checkout goes down to its invoice; a member's cart shows the contract price. Each new screen
// is checked with axe at desktop and phone width, and the forms are used with the keyboard.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import type { Company, Order } from '@kestrel/shared';
import {
  adminByApi,
  createProductByApi,
  fillCartByApi,
  signUpByApi,
  uniqueEmail,
  uniqueSku,
  useSession,
  type Account,
} from '../support/api';
import { confirmEmailByApi, linkIn, waitForMail } from '../support/mail';
import { checkScreen, expectMessage } from '../support/screens';
import { BASE_URL } from '../support/settings';

const auth = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

/** Presses Tab until `target` has focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`no focus on ${target.toString()} after ${limit} Tab presses`);
}

async function createCompanyByApi(request: APIRequestContext, owner: Account, name: string): Promise<Company> {
  const response = await request.post('/api/companies', {
    headers: auth(owner),
    data: { name, taxId: 'GB123456789', billingAddress: '1 Mill Road\nLeeds LS1 4AB' },
  });
  expect(response.status()).toBe(201);
  return response.json();
}

/** An owner invites `account` through the API and they accept with the mailed link's token, as the page would. */
async function joinByApi(
  request: APIRequestContext,
  owner: Account,
  account: Account,
  invite: { role: 'buyer' | 'viewer' | 'owner'; spendingLimit?: number | null },
): Promise<void> {
  // Only a confirmed e-mail invites (#47); a second confirmation of the same link answers 204 as well.
  await confirmEmailByApi(request, owner.email);
  const sent = await request.post('/api/companies/mine/invites', {
    headers: auth(owner),
    data: { email: account.email, ...invite },
  });
  expect(sent.status()).toBe(201);
  const token =
    linkIn(await waitForMail(account.email, /^Join /), 'invite')
      .split('/')
      .pop() ?? '';
  const accepted = await request.post(`/api/invites/${token}/accept`, { headers: auth(account), data: {} });
  expect(accepted.status()).toBe(200);
}

async function readOrder(request: APIRequestContext, account: Account, orderId: string): Promise<Order> {
  const response = await request.get(`/api/orders/${orderId}`, { headers: auth(account) });
  expect(response.status()).toBe(200);
  return response.json();
}

async function pageAs(browser: Browser, account: Account): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
  await useSession(page, account);
  return page;
}

test('an owner creates a company, invites a colleague, who signs up from the mail and joins', async ({
  page,
  browser,
  request,
}) => {
  // Two people, five screens checked at two widths: longer than one journey's usual minute.
  test.slow();
  const owner = await signUpByApi(request, 'Olga Owner');
  const colleagueEmail = uniqueEmail('colleague');
  await confirmEmailByApi(request, owner.email);
  await useSession(page, owner);

  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Company' }).click();
  await expect(page).toHaveURL(/\/dashboard\/company$/);
  await expect(page.getByRole('heading', { name: 'Create a company' })).toBeVisible();
  await checkScreen(page, 'company-create', () => expect(page.getByLabel('Company name')).toBeVisible());

  // The keyboard alone: an empty form says what is missing and puts the focus on the first field.
  await tabTo(page, page.getByRole('button', { name: 'Create company' }));
  await page.keyboard.press('Enter');
  await expectMessage(page, "Enter the company's name");
  await expectMessage(page, 'Enter the billing address');
  await expect(page.getByLabel('Company name')).toBeFocused();
  // A web address in the name is refused before anything is sent (#47: invite mails print the name).
  await page.keyboard.type('Harbour Works www.harbour-pay.example');
  await page.keyboard.press('Enter');
  await expectMessage(
    page,
    'The name cannot hold a web address or a domain such as example.com (write "Acme Inc.", not "acme.com")',
  );
  await expect(page.getByLabel('Company name')).toBeFocused();
  await page.getByLabel('Company name').fill('');
  const name = `Harbour Works ${uniqueSku('C')}`;
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Tax ID (optional)')).toBeFocused();
  await page.keyboard.type('GB 987 6543 21');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Billing address')).toBeFocused();
  await page.keyboard.type('Unit 4, Harbour Works');
  await page.keyboard.press('Enter');
  await page.keyboard.type('7 Quay Street, Hull');
  await expect(page.getByText('Enter the billing address')).toHaveCount(0);
  await tabTo(page, page.getByRole('button', { name: 'Create company' }));
  await page.keyboard.press('Enter');
  await expectMessage(page, `${name} is created: you are its owner`);

  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText(name);
  await expect(details).toContainText('GB 987 6543 21');
  await expect(details.getByText('Unit 4, Harbour Works')).toBeVisible();
  await expect(details).toContainText('Owner');
  await expect(page.getByRole('region', { name: 'Account and balance' })).toContainText('Card payment');
  await expect(page.getByText('Nobody in the company has ordered yet.')).toBeVisible();
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link', { name: 'Approvals' })).toBeVisible();

  // The owner edits the details (#47): the shared rules refuse a web address in the name, the address keeps its lines.
  await details.getByRole('button', { name: 'Edit details' }).click();
  const edit = page.getByRole('form', { name: "Edit the company's details" });
  await expect(edit.getByLabel('Company name')).toHaveValue(name);
  await edit.getByLabel('Company name').fill(`${name} www.harbour-pay.example`);
  await edit.getByLabel('Billing address').fill('Unit 5, Harbour Works\n9 Quay Street\nHull HU1 1AA');
  await edit.getByRole('button', { name: 'Save details' }).click();
  await expectMessage(page, 'name must not hold a web address or domain (such as www.example.com or example.com)');
  await expect(edit.getByLabel('Company name')).toBeFocused();
  await checkScreen(page, 'company-edit-details', () => expect(edit.getByLabel('Billing address')).toBeVisible());
  await edit.getByLabel('Company name').fill(name);
  await edit.getByRole('button', { name: 'Save details' }).click();
  await expectMessage(page, `The details of ${name} are saved`);
  await expect(edit).toHaveCount(0);
  await expect(details.getByText('9 Quay Street')).toBeVisible();
  await expect(details).toContainText('GB 987 6543 21');

  // Invite by keyboard: a bad address is refused before anything is sent.
  const email = page.getByLabel('E-mail', { exact: true });
  await email.focus();
  await page.keyboard.type('not-an-address');
  await page.keyboard.press('Enter');
  await expectMessage(page, 'Enter one valid e-mail address, like name@company.com');
  await email.fill(colleagueEmail);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Role', { exact: true })).toBeFocused();
  await page.getByLabel('Role', { exact: true }).selectOption('buyer');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Spending limit in dollars (optional)')).toBeFocused();
  await page.keyboard.type('2500');
  await page.keyboard.press('Enter');
  await expectMessage(page, `Invite sent to ${colleagueEmail}`);
  const pending = page.getByRole('list', { name: 'Pending invites' });
  await expect(pending).toContainText(colleagueEmail);
  await expect(pending).toContainText('Buyer, spending limit $2,500.00');
  await checkScreen(page, 'company-owner', () => expect(pending).toBeVisible());

  const link = linkIn(await waitForMail(colleagueEmail, new RegExp(`^Join ${name}`)), 'invite');

  // Someone signed in with another address is told so before sending anything, and offered to sign out.
  await page.goto(link);
  await expect(page.getByText(`Olga Owner invited you to join ${name} at Kestrel Components as Buyer.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept the invite' })).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveText(
    'This invite was sent to another e-mail address. Sign out, then sign in (or sign up) with the address the invite was sent to.',
  );
  await checkScreen(page, 'invite-wrong-email', () =>
    expect(page.getByRole('button', { name: 'Sign out to use another address' })).toBeVisible(),
  );

  // The colleague opens the mailed link signed out, signs up with the invited address and comes back to accept.
  const colleague = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
  await colleague.goto(link);
  await expect(colleague.getByRole('heading', { name: 'Join a company' })).toBeVisible();
  // The page names the company, who invited and the role, and the address the invite was sent to (#47).
  await expect(
    colleague.getByText(`Olga Owner invited you to join ${name} at Kestrel Components as Buyer.`),
  ).toBeVisible();
  await expect(colleague.getByText(`The invite was sent to ${colleagueEmail}`)).toBeVisible();
  await checkScreen(colleague, 'invite-signed-out', () =>
    expect(colleague.getByRole('link', { name: 'Create new account' })).toBeVisible(),
  );
  await colleague.getByRole('link', { name: 'Create new account' }).click();
  // The sign-up form starts with the invited address.
  await expect(colleague.getByLabel('Email')).toHaveValue(colleagueEmail);
  await colleague.getByLabel('Name').fill('Cole League');
  await colleague.getByLabel('Password').fill('colleague-pass-1');
  await colleague.getByRole('button', { name: 'Sign Up' }).click();
  await expect(colleague).toHaveURL(new RegExp(`${link}$`));
  const accept = colleague.getByRole('button', { name: 'Accept the invite' });
  await accept.focus();
  await colleague.keyboard.press('Enter');
  await expect(colleague).toHaveURL(/\/dashboard\/company$/);
  await expectMessage(colleague, `You joined ${name}`);
  const colleagueRow = colleague.getByRole('row').filter({ hasText: colleagueEmail });
  await expect(colleagueRow).toContainText('Buyer');
  await expect(colleagueRow).toContainText('$2,500.00');
  await expect(colleagueRow).toContainText('You');
  // A buyer reads the page: no member controls, no invites, no approval queue.
  await expect(colleague.getByRole('button', { name: /^Change / })).toHaveCount(0);
  await expect(colleague.getByRole('heading', { name: 'Invites' })).toHaveCount(0);
  await expect(
    colleague.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Approvals' }),
  ).toHaveCount(0);
  await checkScreen(colleague, 'company-buyer', () => expect(colleagueRow).toBeVisible());

  // A used link says so on arrival, and offers no button.
  await colleague.goto(link);
  await expect(colleague.getByRole('button', { name: 'Accept the invite' })).toHaveCount(0);
  await expect(colleague.getByRole('alert')).toHaveText(
    'This invite link no longer works: it was already used, or the owner revoked it. Ask them for a new invite.',
  );
  await colleague.context().close();

  // The owner sees the colleague in the table, and the invite is no longer pending.
  await page.goto('/dashboard/company');
  await expect(page.getByRole('row').filter({ hasText: colleagueEmail })).toContainText('Cole League');
  await expect(pending).toHaveCount(0);
  await expect(page.getByText('No invites are waiting to be accepted.')).toBeVisible();
});

test('an owner changes a member with the keyboard, removes one, and as the last owner cannot leave', async ({
  page,
  request,
}) => {
  const owner = await signUpByApi(request, 'Otto Owner');
  const member = await signUpByApi(request, 'Cole League');
  const leaver = await signUpByApi(request, 'Lee Leaver');
  const { name } = await createCompanyByApi(request, owner, `Member Works ${uniqueSku('M')}`);
  await joinByApi(request, owner, member, { role: 'buyer', spendingLimit: 2500 });
  await joinByApi(request, owner, leaver, { role: 'viewer' });
  await useSession(page, owner);
  await page.goto('/dashboard/company');

  const row = page.getByRole('row').filter({ hasText: member.email });
  await expect(row).toContainText('$2,500.00');
  const change = row.getByRole('button', { name: "Change Cole League's role or limit" });
  await change.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Change Cole League' });
  await expect(dialog.getByRole('radio', { name: /^Buyer/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: /^Viewer/ })).toBeChecked();
  await checkScreen(page, 'company-change-member', () => expect(dialog).toBeVisible());
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Spending limit in dollars (optional)')).toBeFocused();
  await page.keyboard.press('Enter');
  await expectMessage(page, 'Cole League is saved');
  await expect(row).toContainText('Viewer');
  await expect(row).toContainText('Cannot order');

  // Removing is confirmed first.
  await page.getByRole('button', { name: 'Remove Lee Leaver' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove Lee Leaver?' });
  await remove.getByRole('button', { name: 'Yes, remove' }).click();
  await expectMessage(page, `Lee Leaver is removed from ${name}`);
  await expect(page.getByRole('row').filter({ hasText: leaver.email })).toHaveCount(0);

  // The only owner cannot leave: the server's refusal is said in the dialog.
  await page.getByRole('button', { name: `Leave ${name}` }).click();
  const leave = page.getByRole('dialog', { name: `Leave ${name}?` });
  await leave.getByRole('button', { name: 'Yes, leave' }).click();
  await expect(leave.getByRole('alert')).toHaveText('A company needs an owner: make someone else an owner first');
  await leave.getByRole('button', { name: 'Keep me' }).click();
  await expect(leave).toBeHidden();
});

test('a buyer orders above their limit, the owner approves it, the buyer pays it by card', async ({
  page,
  browser,
  request,
}) => {
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-APPR'), price: 2, quantity: 100 });
  const owner = await signUpByApi(request, 'Ada Approver');
  const buyer = await signUpByApi(request, 'Ben Buyer');
  await createCompanyByApi(request, owner, `Approval Works ${uniqueSku('A')}`);
  await joinByApi(request, owner, buyer, { role: 'buyer', spendingLimit: 100 });
  await fillCartByApi(request, buyer, [{ productId: product._id, quantity: 300 }]); // $600.00, above the $100.00 limit
  await useSession(page, buyer);

  await page.goto('/cart');
  await page.getByLabel('Phone').fill('+44 113 555 0100');
  await page.getByLabel('Address').fill('1 Mill Road\nLeeds');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f]{24}$/);
  const orderId = page.url().split('/').pop() ?? '';
  await expect(page.getByText('Awaiting approval').first()).toBeVisible();
  await expect(page.getByRole('link', { name: `pay for ${product.name}` })).toHaveCount(0);
  const { number } = await readOrder(request, buyer, orderId);

  // The buyer's company page lists it with who ordered it.
  await page.goto('/dashboard/company');
  const listed = page.getByRole('row').filter({ hasText: number });
  await expect(listed).toContainText('Ben Buyer');
  await expect(listed).toContainText('Awaiting approval');
  await expect(listed).toContainText('$600.00');
  await expect(listed).toContainText('Not paid yet');

  const ownerPage = await pageAs(browser, owner);
  await ownerPage.goto('/dashboard/company');
  await ownerPage.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Approvals' }).click();
  // The queue says why each order waits, as the order's own page does.
  await expect(ownerPage.getByRole('listitem').filter({ hasText: number })).toContainText(
    "This order of $600.00 is above Ben Buyer's spending limit of $100.00, so an owner of the company approves it before it goes ahead.",
  );
  await ownerPage.getByRole('button', { name: `Approve ${number}` }).click();
  await ownerPage.getByRole('dialog').getByRole('button', { name: 'Approve order' }).click();
  await expectMessage(ownerPage, `${number} is approved`);
  await expect(ownerPage.getByText('No orders await approval.')).toBeVisible();
  await ownerPage.context().close();

  await page.goto(`/dashboard/orders/${orderId}`);
  await expect(page.getByText('Pending payment').first()).toBeVisible();
  await page.getByRole('link', { name: `pay for ${product.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${orderId}$`));
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Congratulation your payment is completed' })).toBeVisible();
  expect(await readOrder(request, buyer, orderId)).toMatchObject({ paid: true, status: 'confirmed' });
});

test('an on-account checkout is confirmed unpaid with a due date, and its invoice downloads', async ({
  page,
  request,
}) => {
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-ACCT'), price: 5, quantity: 100 });
  const owner = await signUpByApi(request, 'Nora Net');
  const company = await createCompanyByApi(request, owner, `Net Terms Ltd ${uniqueSku('N')}`);
  const terms = await request.patch(`/api/admin/companies/${company._id}`, {
    headers: auth(admin),
    data: { paymentTerms: 'net30', creditLimit: 10000 },
  });
  expect(terms.status()).toBe(200);
  await fillCartByApi(request, owner, [{ productId: product._id, quantity: 200 }]); // $1,000.00
  await useSession(page, owner);

  await page.goto('/cart');
  await page.getByLabel('Phone').fill('+44 113 555 0199');
  await page.getByLabel('Address').fill('2 Dock Street\nHull');
  await page.getByLabel('PO number (optional)').fill('PO-NET-30');
  await page.getByLabel(/^Pay on account \(net 30, due /).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f]{24}$/);
  const orderId = page.url().split('/').pop() ?? '';
  const order = await readOrder(request, owner, orderId);
  expect(order).toMatchObject({ status: 'confirmed', paid: false, paymentTerms: 'account' });
  expect(order.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(order.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
  const due = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(order.dueDate ?? ''),
  );
  await expect(page.getByText('Confirmed').first()).toBeVisible();
  await expect(page.getByText('Unpaid (on account)')).toBeVisible();
  await expect(page.getByText(`On account, due ${due}`)).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download invoice ${order.invoiceNumber} of ${product.name}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${order.invoiceNumber}.pdf`);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');

  // The company page shows what is owed and when, and the order among the company's orders.
  await page.goto('/dashboard/company');
  const account = page.getByRole('region', { name: 'Account and balance' });
  await expect(account).toContainText('Net 30 days');
  await expect(account).toContainText('$1,000.00');
  await expect(account.getByRole('link', { name: order.number })).toBeVisible();
  const listed = page.getByRole('row').filter({ hasText: order.number }).filter({ hasText: 'Nora Net' });
  await expect(listed).toContainText(`On account, due ${due}`);
  await listed.getByRole('link', { name: `Open order ${order.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/orders/${orderId}$`));
});

test('a member sees the contract price in the cart', async ({ page, request }) => {
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-CP'), price: 10, quantity: 10 });
  const owner = await signUpByApi(request, 'Carla Contract');
  const company = await createCompanyByApi(request, owner, `Contract Co ${uniqueSku('P')}`);
  const prices = await request.put(`/api/admin/companies/${company._id}/prices`, {
    headers: auth(admin),
    data: { prices: [{ productId: product._id, price: 7.5 }] },
  });
  expect(prices.status()).toBe(200);
  await fillCartByApi(request, owner, [{ productId: product._id, quantity: 20 }]);
  await useSession(page, owner);

  await page.goto('/cart');
  const line = page.getByRole('row').filter({ hasText: product.name });
  const yourPrice = line.getByTestId('your-price');
  await expect(yourPrice).toContainText('Your price');
  await expect(yourPrice).toContainText('$7.50');
  await expect(yourPrice).toContainText('(list $10.00)');
  await expect(line).toContainText('$150.00');
});

test("a company's viewer gets no quote button where an owner does (B2B §10: viewers read quotes only)", async ({
  page,
  browser,
  request,
}) => {
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-VQ'), price: 10, quantity: 50 });
  const owner = await signUpByApi(request, 'Quinn Quoter');
  const viewer = await signUpByApi(request, 'Vera Viewer');
  await createCompanyByApi(request, owner, `Viewer Co ${uniqueSku('V')}`);
  await joinByApi(request, owner, viewer, { role: 'viewer' });

  await useSession(page, owner);
  await page.goto(`/products/${product._id}`);
  await expect(page.getByRole('button', { name: 'Request a quote' })).toBeVisible();

  const viewerPage = await pageAs(browser, viewer);
  await fillCartByApi(request, viewer, [{ productId: product._id, quantity: 20 }]);
  // The role comes with the signed-in user's record: wait for it, then look.
  const userRead = viewerPage.waitForResponse((r) => r.url().endsWith('/api/auth/me'));
  await viewerPage.goto(`/products/${product._id}`);
  await userRead;
  await expect(viewerPage.getByRole('heading', { name: product.name, level: 1 })).toBeVisible();
  await expect(viewerPage.getByRole('button', { name: 'Request a quote' })).toHaveCount(0);
  await viewerPage.goto('/cart');
  await expect(viewerPage.getByRole('row').filter({ hasText: product.name })).toBeVisible();
  await expect(viewerPage.getByRole('button', { name: 'Request a quote instead' })).toHaveCount(0);
});

test('a customer in no company is never asked about one: no company call and no error in the console', async ({
  page,
  request,
}) => {
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-NC'), price: 10, quantity: 50 });
  const loner = await signUpByApi(request, 'Lena Loner');
  await fillCartByApi(request, loner, [{ productId: product._id, quantity: 20 }]);
  const companyCalls: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname.startsWith('/api/compan')) companyCalls.push(pathname);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await useSession(page, loner);

  await page.goto('/cart');
  await expect(page.getByRole('row').filter({ hasText: product.name })).toBeVisible();
  await expect(page.getByLabel('Phone')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request a quote instead' })).toBeVisible();
  await page.goto(`/products/${product._id}`);
  await expect(page.getByRole('button', { name: 'Request a quote' })).toBeVisible();
  await page.goto('/dashboard/company');
  await expect(page.getByRole('heading', { name: 'Create a company' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Approvals' }),
  ).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  expect(companyCalls).toEqual([]);
  expect(errors).toEqual([]);

  // Creating one reads the signed-in user again: the owner's Approvals entry appears without a reload.
  await page.getByLabel('Company name').fill(`Loner Co ${uniqueSku('L')}`);
  await page.getByLabel('Billing address').fill('2 Quay Road');
  await page.getByRole('button', { name: 'Create company' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Approvals' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('Owner');
});

test('a member removed from another browser finds out on the company page, and the owner entries go', async ({
  page,
  request,
}) => {
  const olga = await signUpByApi(request, 'Olga Owner');
  const max = await signUpByApi(request, 'Max Owner');
  await createCompanyByApi(request, olga, `Two Owners ${uniqueSku('T')}`);
  await joinByApi(request, olga, max, { role: 'owner' });
  await useSession(page, max);
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link', { name: 'Approvals' })).toBeVisible();

  const members = await request.get('/api/companies/mine', { headers: auth(olga) });
  const maxId = ((await members.json()) as Company).members.find((m) => m.email === max.email)?.userId ?? '';
  const removed = await request.delete(`/api/companies/mine/members/${maxId}`, { headers: auth(olga) });
  expect(removed.status()).toBe(204);

  // No reload: the page's own read of the company answers 404, and the signed-in user's record is read again.
  await sidebar.getByRole('link', { name: 'Company' }).click();
  await expect(page.getByRole('heading', { name: 'Create a company' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Approvals' })).toHaveCount(0);
});
