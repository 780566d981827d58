// A customer's dashboard: the sidebar for their role, the profile (kept across a reload) and a review on the home page.
import { expect, test } from '@playwright/test';
import { adminByApi, createProductByApi, fillCartByApi, signUpByApi, uniqueSku, useSession } from '../support/api';
import { confirmEmailByApi, createCompanyByApi, joinByApi } from '../support/company-setup';
import { checkScreen, expectMessage } from '../support/screens';

test('the sidebar shows a customer My Profile, Sign-in and security, Add a Reviews, My Order, My Returns, My Quotes, My Lists and Company only', async ({
  page,
  request,
}) => {
  await useSession(page, await signUpByApi(request));
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(sidebar.getByRole('link')).toHaveText([
    'My Profile',
    'Sign-in and security',
    'Add a Reviews',
    'My Order',
    // Issue #51: returns (B2B §14).
    'My Returns',
    'My Quotes',
    // Issue #53: requisition lists.
    'My Lists',
    // Issue #25: every customer may create a company (or see theirs); Approvals is for a company's owners.
    'Company',
  ]);
});

test('the profile saves education, location, phone and LinkedIn and shows them after a reload', async ({
  page,
  request,
}) => {
  const customer = await signUpByApi(request, 'Paul Profile');
  await useSession(page, customer);
  await page.goto('/dashboard');
  await expect(page.getByLabel('Name')).toHaveValue('Paul Profile');
  await expect(page.getByLabel('Name')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Email')).toHaveValue(customer.email);
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');

  const values = {
    education: 'BSc Electronics, Delft',
    location: 'Rotterdam',
    phone: '+31 10 555 0199',
    linkedinprofile: 'https://www.linkedin.com/in/paul-profile',
  };
  for (const [name, value] of Object.entries(values)) await page.locator(`input[name="${name}"]`).fill(value);
  await page.getByRole('button', { name: 'Add profile' }).click();
  await expectMessage(page, 'profile is added');

  await page.reload();
  for (const [name, value] of Object.entries(values)) {
    await expect(page.locator(`input[name="${name}"]`)).toHaveValue(value);
  }
  const stored = await request.get(`/api/profile/${encodeURIComponent(customer.email)}`, {
    headers: { Authorization: `Bearer ${customer.token}` },
  });
  expect(await stored.json()).toMatchObject({ ...values, email: customer.email, userName: 'Paul Profile' });
});

test('a review shows its messages in red, is added and appears on the home page', async ({ page, request }) => {
  await useSession(page, await signUpByApi(request, 'Rita Review'));
  await page.goto('/dashboard/addreview');
  await expect(page.getByRole('heading', { name: 'Add review' })).toBeVisible();
  await page.getByLabel('Name').fill('');
  const submit = page.getByRole('button', { name: 'Add a Review' });
  await submit.click();
  for (const text of ['name is Required', 'rating is Required', 'description is Required']) {
    await expectMessage(page, text);
    await expect(page.getByText(text, { exact: true })).toHaveCSS('color', 'rgb(178, 31, 31)');
  }
  await page.getByLabel('Rating').fill('6');
  await submit.click();
  await expectMessage(page, 'rating must be a whole number from 1 to 5');

  const description = `Pallets of 2,000 fans arrived on time — run ${Date.now()}.`;
  await page.getByLabel('Name').fill('Rita Review');
  await page.getByLabel('Rating').fill('4');
  await page.getByLabel('Description').fill(description);
  await submit.click();
  await expectMessage(page, 'review added successfully');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await page.locator('footer').scrollIntoViewIfNeeded();
  const card = page.locator('section[aria-labelledby="reviews"] li').filter({ hasText: description });
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading')).toHaveText('Rita Review');
  await expect(card.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
});

test("a company's viewer is offered no step the shop would refuse, and each page says why", async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-VIEW'), price: 10, quantity: 10 });
  const viewer = await signUpByApi(request, 'Vic Viewer');
  // An order of the viewer's own, placed before joining as a viewer: its page shows PO, note and status once each.
  const placed = await request.post('/api/orders', {
    headers: { Authorization: `Bearer ${viewer.token}` },
    data: {
      lines: [{ productId: product._id, quantity: 20 }],
      phone: '+44 20 7946 0102',
      address: '3 Quay Street, Hull',
      poNumber: 'PO-VIEW-71',
      note: 'Leave at gate B',
    },
  });
  expect(placed.status()).toBe(201);
  const order: { _id: string; number: string } = (await placed.json()).order;
  const owner = await signUpByApi(request, 'Olive Owner');
  await confirmEmailByApi(request, owner);
  const companyName = `Viewing Co ${uniqueSku('V')}`;
  await createCompanyByApi(request, owner, companyName);
  await joinByApi(request, owner, viewer, 'viewer');
  await fillCartByApi(request, viewer, [{ productId: product._id, quantity: 20 }]);
  const refusal = `Viewers in ${companyName} cannot place, pay or cancel orders; ask an owner to make you a buyer.`;
  await useSession(page, viewer);

  await page.goto(`/products/${product._id}`);
  await expect(page.getByText(refusal)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Order this product' })).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Add to cart' })).toHaveCount(0);

  // The cart: no checkout to fill in, no payment on account, no Place order; the reason instead.
  await page.goto('/cart');
  await expect(page.getByRole('row').filter({ hasText: product.name })).toBeVisible();
  await expect(page.getByText(refusal)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toHaveCount(0);
  await expect(page.getByLabel('Phone')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /on account/i })).toHaveCount(0);
  await checkScreen(page, 'cart-viewer', () => expect(page.getByText(refusal)).toBeVisible());

  // The order page: the invoice may be read, nothing else offered; PO, note and status each shown once.
  await page.goto(`/dashboard/orders/${order._id}`);
  await expect(page.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible();
  const actions = page.getByRole('region', { name: 'Actions' });
  await expect(actions).toContainText(refusal);
  await expect(actions.getByRole('button')).toHaveCount(0);
  await expect(actions.getByRole('link')).toHaveCount(0);
  const main = await page.getByRole('main').innerText();
  const times = (text: string) => main.split(text).length - 1;
  expect([times('PO-VIEW-71'), times('Leave at gate B')]).toEqual([1, 1]);
  await expect(page.getByRole('main').locator('.badge').filter({ hasText: 'Pending' })).toHaveCount(1);
  await checkScreen(page, 'order-page-viewer', () => expect(actions).toContainText(refusal));
});
