// Business ordering (B2B §3): quick order by SKU, the cart with volume prices and pack rules, checkout with a PO
// number, My Order's lines and reorder. The journeys' own products carry the pack sizes and price breaks they test,
// so ordering never moves the demo catalogue's stock; quick order reads the demo KC-CPU-K7 only to price it.
import { expect, test, type Page } from '@playwright/test';
import {
  adminByApi,
  createProductByApi,
  fillCartByApi,
  signUpByApi,
  uniqueSku,
  useSession,
  type Account,
} from '../support/api';
import { confirmEmailByApi, createCompanyByApi, joinByApi } from '../support/company-setup';
import { checkScreen, expectMessage } from '../support/screens';
import { BASE_URL } from '../support/settings';

const auth = (account: Account) => ({ Authorization: `Bearer ${account.token}` });
const cartRow = (page: Page, sku: string) => page.getByRole('row').filter({ hasText: sku });

test('quick order resolves every pasted line, refuses the bad ones and adds the good ones', async ({
  page,
  request,
}) => {
  const admin = await adminByApi(request);
  const sku = uniqueSku('E2E-QO');
  const bracket = await createProductByApi(request, admin, {
    sku,
    price: 4.2,
    quantity: 100,
    packSize: 10,
    priceBreaks: [{ minQuantity: 500, price: 3.9 }],
  });
  const buyer = await signUpByApi(request, 'Quinn Quick');
  await useSession(page, buyer);

  await page.goto('/quick-order');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quick order');
  await page
    .getByLabel('Lines (SKU and quantity)')
    .fill(`${sku.toLowerCase()}, 500\nKC-CPU-K7\t2000\nKC-NOPE-999 5\njust some words\n${sku}, 105`);
  const preview = page.getByRole('table', { name: 'Your lines, resolved' });
  const line = (n: number) => preview.locator(`tr[data-line="${n}"]`);
  await expect(line(1)).toContainText(`${bracket.name}500$3.90$1,950.00`);
  await expect(line(2)).toContainText('Kestrel K7 8-Core Desktop Processor2,000$189.99$379,980.00');
  await expect(line(3)).toContainText('Refused: unknown SKU');
  await expect(line(4)).toContainText('Refused: expected a SKU and a quantity, like KC-CPU-K7, 2000');
  // A line that breaks the pack rule is resolved with its problem and stays out of the cart (B2B §11).
  await expect(line(5)).toContainText('Not added: order in packs of 10');
  await checkScreen(page, 'quick-order', () => expect(line(3)).toBeVisible());

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'lines added' })).toHaveText(
    '2 lines added. Go to your cart',
  );
  await expectMessage(page, '2 lines added to your cart');
  // What was not added stays in view with its reason, to be mended: the unknown SKU, the bad line, the pack line.
  await expect(page.getByLabel('Lines (SKU and quantity)')).toHaveValue(`KC-NOPE-999 5\njust some words\n${sku}, 105`);
  await expect(line(1)).toContainText('Refused: unknown SKU');
  await expect(line(2)).toContainText('Refused: expected a SKU and a quantity, like KC-CPU-K7, 2000');
  await expect(line(3)).toContainText('Not added: order in packs of 10');

  const cart = await request.get('/api/cart', { headers: auth(buyer) });
  const body: { lines: { sku: string; quantity: number; problem: string | null }[] } = await cart.json();
  expect(body.lines.map((l) => [l.sku, l.quantity, l.problem])).toEqual([
    [sku, 500, null],
    ['KC-CPU-K7', 2000, null],
  ]);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: /^Cart/ })).toHaveAccessibleName(/^Cart\s*2 lines$/);
});

test('the cart reprices by volume, shows problems, and checks out with a PO number into My Order', async ({
  page,
  request,
}) => {
  const admin = await adminByApi(request);
  const sku = uniqueSku('E2E-CART');
  const product = await createProductByApi(request, admin, {
    sku,
    price: 4.2,
    quantity: 100,
    packSize: 10,
    availableQuantity: 5000,
    priceBreaks: [{ minQuantity: 1000, price: 3.8 }],
  });
  const buyer = await signUpByApi(request, 'Carla Cart');
  await fillCartByApi(request, buyer, [{ productId: product._id, quantity: 200 }]);
  await useSession(page, buyer);

  await page.goto('/cart');
  const row = cartRow(page, sku);
  await expect(row).toContainText(`${product.name}`);
  await expect(row.locator('[data-label="Unit price"]')).toHaveText('$4.20');
  await expect(row.locator('[data-label="Line total"]')).toHaveText('$840.00');
  await expect(row).toContainText('$3.80 each from 1,000');
  await checkScreen(page, 'cart', () => expect(row).toBeVisible());

  const quantity = page.getByLabel(`Quantity of ${product.name}`);
  await expect(quantity).toHaveAttribute('step', '10');
  await quantity.fill('1000');
  await expect(row.locator('[data-label="Unit price"]')).toHaveText('$3.80');
  await expect(row.locator('[data-label="Line total"]')).toHaveText('$3,800.00');
  await expect(page.getByTestId('cart-total')).toHaveText('$3,800.00');

  await quantity.fill('6000');
  await expect(row).toContainText('cannot order less then 100 and greater than 5000');
  // A line that cannot be ordered adds nothing to the total (B2B §11).
  await expect(page.getByTestId('cart-total')).toHaveText('$0.00');
  // Checking out with a bad line orders nothing and names the line.
  await page.getByLabel('Phone').fill('+44 20 7946 0101');
  await page.getByLabel('Address').fill('12 Dock Street, Bristol');
  await page.getByLabel('PO number (optional)').fill('PO-4471-A');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'These lines cannot be ordered' })).toHaveText(
    `These lines cannot be ordered as they are. ${product.name} (${sku}): cannot order less then 100 and greater than 5000.`,
  );
  await expect(row).toContainText('cannot order less then 100 and greater than 5000');

  await quantity.fill('1005');
  await expect(row).toContainText('order in packs of 10');
  await quantity.fill('1000');
  await expect(row.locator('[data-label="Line total"]')).toHaveText('$3,800.00');
  await expect(row).not.toContainText('order in packs of 10');
  await page.getByRole('button', { name: 'Place order' }).click();

  // A card order goes straight to its Payment page (B2B §11); My Order lists it meanwhile.
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
  await expectMessage(page, 'Order placed (PO PO-4471-A): $3,800.00');
  await expect(page.getByRole('heading', { name: `Please Pay ${product.name}` })).toBeVisible();
  await page.goto('/dashboard/myorder');
  const order = page.getByRole('row').filter({ hasText: product.name });
  await expect(order).toContainText('PO: PO-4471-A');
  await expect(order).toContainText('Status: Pending payment');
  await expect(order).toContainText(`${sku} ${product.name}: 1,000 × $3.80 = $3,800.00`);
  await expect(order).toContainText('$3,800.00');
  const after = await request.get('/api/cart', { headers: auth(buyer) });
  expect((await after.json()).lines).toEqual([]);

  // Reorder puts the lines back in the cart at today's prices.
  await order.getByRole('button', { name: `Reorder ${product.name}` }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByLabel(`Quantity of ${product.name}`)).toHaveValue('1000');
  await expect(cartRow(page, sku).locator('[data-label="Line total"]')).toHaveText('$3,800.00');
});

test('reorder lists the lines of products that no longer exist', async ({ page, request }) => {
  const admin = await adminByApi(request);
  const kept = await createProductByApi(request, admin, { sku: uniqueSku('E2E-KEEP') });
  const gone = await createProductByApi(request, admin, { sku: uniqueSku('E2E-GONE') });
  const buyer = await signUpByApi(request, 'Rory Reorder');
  const placed = await request.post('/api/orders', {
    headers: auth(buyer),
    data: {
      lines: [
        { productId: kept._id, quantity: 1000 },
        { productId: gone._id, quantity: 2000 },
      ],
      phone: '+44 20 7946 0202',
      address: '3 Mill Lane, York',
      poNumber: 'PO-R-9',
    },
  });
  expect(placed.status()).toBe(201);
  const removed = await request.delete(`/api/service/${gone._id}`, { headers: auth(admin) });
  expect(removed.ok()).toBe(true);
  await useSession(page, buyer);

  await page.goto('/dashboard/myorder');
  const order = page.getByRole('row').filter({ hasText: 'PO: PO-R-9' });
  await expect(order).toContainText(`${kept.name} + 1 more`);
  await expect(order).toContainText(`${gone.sku} ${gone.name}: 2,000`);
  await order.getByRole('button', { name: `Reorder ${kept.name} + 1 more` }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const rejected = page.getByRole('alert').filter({ hasText: 'Some lines could not be added again' });
  await expect(rejected).toContainText(gone.sku);
  await expect(page.getByLabel(`Quantity of ${kept.name}`)).toHaveValue('1000');
  await expect(cartRow(page, gone.sku)).toHaveCount(0);
});

// Issue 47: a company's checkout warns of a PO number used before, says what credit is left and offers the card when
// the order does not fit it; an order awaiting approval says why and who decides; a marked-paid order keeps its
// transfer reference on its pages and in its history.
test('a company checkout warns of a used PO, offers the card past the credit; approvals and payments explain themselves', async ({
  page,
  browser,
  request,
}) => {
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-B47'), price: 2, quantity: 100 });
  const owner = await signUpByApi(request, 'Owen Owner');
  const buyer = await signUpByApi(request, 'Lena Limit');
  await confirmEmailByApi(request, owner);
  const company = await createCompanyByApi(request, owner, `Forty Seven Ltd ${uniqueSku('F')}`);
  const terms = await request.patch(`/api/admin/companies/${company._id}`, {
    headers: auth(admin),
    data: { paymentTerms: 'net30', creditLimit: 1000 },
  });
  expect(terms.status()).toBe(200);
  await joinByApi(request, owner, buyer, 'buyer');
  const mine = await request.get('/api/companies/mine', { headers: auth(owner) });
  const members: Array<{ userId: string; email: string }> = (await mine.json()).members;
  const buyerId = members.find((m) => m.email === buyer.email)?.userId ?? '';
  const limit = await request.patch(`/api/companies/mine/members/${buyerId}`, {
    headers: auth(owner),
    data: { spendingLimit: 100 },
  });
  expect(limit.status()).toBe(200);

  // An on-account order of $500.00 with PO-B47-1, marked paid by the admin with the bank's reference.
  const placed = await request.post('/api/orders', {
    headers: auth(owner),
    data: {
      lines: [{ productId: product._id, quantity: 250 }],
      phone: '+44 113 555 0147',
      address: '4 Quay Street\nHull',
      poNumber: 'PO-B47-1',
      paymentTerms: 'account',
    },
  });
  expect(placed.status()).toBe(201);
  const { order }: { order: { _id: string; number: string } } = await placed.json();
  const marked = await request.post(`/api/orders/${order._id}/mark-paid`, {
    headers: auth(admin),
    data: { reference: 'BANK-B47-7' },
  });
  expect(marked.status()).toBe(200);

  await useSession(page, owner);
  await page.goto(`/dashboard/orders/${order._id}`);
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText(/Paid .+, reference BANK-B47-7/);
  const history = page.getByRole('region', { name: 'History' });
  await expect(history).toContainText('Paid, reference BANK-B47-7:');
  await checkScreen(page, 'order-paid-reference', () => expect(history).toBeVisible());

  const adminContext = await browser.newContext({ baseURL: BASE_URL });
  const adminPage = await adminContext.newPage();
  await useSession(adminPage, admin);
  await adminPage.goto(`/dashboard/manage-orders/${order._id}`);
  await expect(adminPage.getByRole('region', { name: 'Details' })).toContainText(/Paid .+, reference BANK-B47-7/);
  await expect(adminPage.getByRole('region', { name: 'History' })).toContainText('Paid, reference BANK-B47-7:');
  await checkScreen(adminPage, 'admin-order-paid-reference', () =>
    expect(adminPage.getByRole('region', { name: 'History' })).toBeVisible(),
  );
  await adminContext.close();

  // $1,200.00 on account does not fit the $1,000.00 of credit: the refusal says so and offers the card.
  await fillCartByApi(request, owner, [{ productId: product._id, quantity: 600 }]);
  await page.goto('/cart');
  await page.getByLabel('Phone').fill('+44 113 555 0147');
  await page.getByLabel('Address').fill('4 Quay Street\nHull');
  await page.getByLabel('PO number (optional)').fill('po-b47-1');
  await page.getByLabel(/^Pay on account \(net 30, due /).check();
  await expect(page.getByRole('status').filter({ hasText: 'was already used' })).toHaveText(
    `PO number po-b47-1 was already used on order ${order.number}. You can still place this order with it.`,
  );
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'credit limit exceeded' })).toHaveText(
    'credit limit exceeded: your company has $1,000.00 of credit available and this order is $1,200.00. Pay by card instead, or pay open invoices first.',
  );
  const byCard = page.getByRole('button', { name: 'Pay by card instead' });
  await checkScreen(page, 'cart-credit-refused', () => expect(byCard).toBeVisible());
  await byCard.click();
  // Placed by card: on to its payment.
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);

  // Lena's $200.00 order passes her $100.00 limit: its page says why it waits and who decides.
  await fillCartByApi(request, buyer, [{ productId: product._id, quantity: 100 }]);
  const buyerContext = await browser.newContext({ baseURL: BASE_URL });
  const buyerPage = await buyerContext.newPage();
  await useSession(buyerPage, buyer);
  await buyerPage.goto('/cart');
  await buyerPage.getByLabel('Phone').fill('+44 113 555 0148');
  await buyerPage.getByLabel('Address').fill('4 Quay Street\nHull');
  await buyerPage.getByRole('button', { name: 'Place order' }).click();
  await expect(buyerPage).toHaveURL(/\/dashboard\/orders\/[0-9a-f]{24}$/);
  const why = buyerPage.getByRole('status').filter({ hasText: 'Why it waits' });
  await expect(why).toContainText(
    "This order of $200.00 is above Lena Limit's spending limit of $100.00, so an owner of the company approves it before it goes ahead.",
  );
  await expect(why).toContainText('Who decides: Owen Owner (owner of the company).');
  await expect(why).toContainText('the owners are reminded');
  await checkScreen(buyerPage, 'order-awaiting-approval-why', () => expect(why).toBeVisible());
  await buyerContext.close();
});
