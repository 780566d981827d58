// Every screen, at desktop and phone width: axe finds no serious or critical violation, and a screenshot is kept.
import { expect, test } from '@playwright/test';
import {
  adminByApi,
  createProductByApi,
  fillCartByApi,
  listProducts,
  orderByApi,
  signUpByApi,
  uniqueSku,
  useSession,
  type Account,
} from '../support/api';
import { checkScreen, expectLinesAsCards } from '../support/screens';

test.describe.configure({ timeout: 120_000 });

test('public screens', async ({ page }) => {
  await page.goto('/');
  await checkScreen(page, 'home', async () => {
    await expect(page.locator('#latest-products article')).toHaveCount(3);
    await page.locator('footer').scrollIntoViewIfNeeded();
    await expect(page.locator('section[aria-labelledby="reviews"] li').first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
  });
  await page.goto('/products');
  await checkScreen(page, 'products', () =>
    expect(page.getByRole('region', { name: 'Results' }).getByRole('article')).toHaveCount(24),
  );
  await page.goto('/products?q=zz-no-such-part');
  await checkScreen(page, 'products-empty', () =>
    expect(page.getByText('No products match “zz-no-such-part”.')).toBeVisible(),
  );
  await page.goto('/myportfolio');
  await checkScreen(page, 'portfolio', () => expect(page.getByRole('heading', { level: 1 })).toBeVisible());
  await page.goto('/blog');
  await checkScreen(page, 'blog', () => expect(page.getByRole('article')).toHaveCount(5));
  await page.goto('/login');
  await checkScreen(page, 'login', () =>
    expect(page.getByText('Google sign-in is not set up on this shop')).toBeVisible(),
  );
  await page.getByRole('button', { name: 'Login' }).click();
  await checkScreen(page, 'login-errors', () => expect(page.getByText('Email is Required')).toBeVisible());
  await page.goto('/signup');
  await checkScreen(page, 'signup', () => expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible());
  await page.goto('/nowhere');
  await checkScreen(page, 'not-found', () => expect(page.getByText('Page is not Found')).toBeVisible());
});

test('customer screens', async ({ page, request }) => {
  const customer = await signUpByApi(request, 'Screen Customer');
  const [product] = await listProducts(request);
  if (!product) throw new Error('the demo catalogue is empty');
  const order = await orderByApi(request, customer, {
    productId: product._id,
    inputQuantity: product.quantity,
    phone: '+49 30 1234567',
    address: 'Werkstrasse 5, Berlin',
  });
  await useSession(page, customer);

  await page.goto(`/purchase/${product._id}`);
  await checkScreen(page, 'purchase', () => expect(page.getByRole('button', { name: 'place order' })).toBeVisible());
  await page.getByRole('button', { name: 'place order' }).click();
  await checkScreen(page, 'purchase-modal', () => expect(page.getByRole('dialog')).toBeVisible());
  await page.getByLabel('Quantity').fill('10');
  await page.getByLabel('Phone').fill('+49 30 1234567');
  await page.getByLabel('Address').fill('Werkstrasse 5, Berlin');
  await page.getByRole('dialog').getByRole('button', { name: 'Order' }).click();
  await checkScreen(page, 'purchase-toast', () =>
    expect(page.getByText(/^cannot order less then/).first()).toBeVisible(),
  );
  await page.keyboard.press('Escape');

  await page.goto('/dashboard');
  await checkScreen(page, 'dashboard-profile', () =>
    expect(page.getByRole('button', { name: 'Add profile' })).toBeVisible(),
  );
  await page.goto('/dashboard/addreview');
  await checkScreen(page, 'dashboard-addreview', () =>
    expect(page.getByRole('heading', { name: 'Add review' })).toBeVisible(),
  );
  await page.getByLabel('Name').fill('');
  await page.getByRole('button', { name: 'Add a Review' }).click();
  await checkScreen(page, 'dashboard-addreview-errors', () =>
    expect(page.getByText('rating is Required')).toBeVisible(),
  );
  await page.goto('/dashboard/myorder');
  await checkScreen(page, 'dashboard-myorder', () =>
    expect(page.getByRole('link', { name: `pay for ${product.name}` })).toBeVisible(),
  );
  await page.getByRole('button', { name: `Delete order of ${product.name}` }).click();
  await checkScreen(page, 'dashboard-myorder-delete', () => expect(page.getByRole('dialog')).toBeVisible());
  await page.keyboard.press('Escape');
  await page.goto(`/dashboard/payment/${order._id}`);
  await checkScreen(page, 'dashboard-payment', () =>
    expect(page.getByText(`Please Pay ${product.name}`)).toBeVisible(),
  );
});

test('admin screens', async ({ page, request }) => {
  const admin = await adminByApi(request);
  await useSession(page, admin);
  await page.goto('/dashboard/makeadmin');
  await checkScreen(page, 'admin-makeadmin', () => expect(page.getByRole('table')).toBeVisible());
  await page.goto('/dashboard/addproduct');
  await checkScreen(page, 'admin-addproduct', () => expect(page.getByLabel('Image')).toBeVisible());
  await page.getByRole('button', { name: 'Add product' }).click();
  await checkScreen(page, 'admin-addproduct-errors', () => expect(page.getByText('image is Required')).toBeVisible());
  await page.goto('/dashboard/manageorder');
  await checkScreen(page, 'admin-manageorder', () =>
    expect(page.getByRole('heading', { name: 'Manage All Orders' })).toBeVisible(),
  );
  await page.goto('/dashboard/manageproduct');
  await checkScreen(page, 'admin-manageproduct', () =>
    expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible(),
  );
  const [product] = await listProducts(request);
  if (!product) throw new Error('the demo catalogue is empty');
  await page.goto(`/dashboard/editproduct/${product._id}`);
  await checkScreen(page, 'admin-editproduct', () => expect(page.getByLabel('SKU')).toHaveValue(product.sku));
  await page.getByLabel('SKU').fill('no spaces please');
  await page.getByRole('button', { name: 'Add a price break' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await checkScreen(page, 'admin-editproduct-errors', () =>
    expect(page.getByLabel('SKU')).toHaveAttribute('aria-invalid', 'true'),
  );
  await page.goto('/dashboard/products-csv');
  await checkScreen(page, 'admin-products-csv', () =>
    expect(page.getByRole('button', { name: 'Download CSV' })).toBeVisible(),
  );
  await page.getByLabel('Or paste the CSV').fill('sku,name\nKC-CPU-K7,');
  await page.getByRole('button', { name: 'Preview' }).click();
  await checkScreen(page, 'admin-products-csv-errors', () =>
    expect(page.getByText('The file was refused, and nothing was changed.')).toBeVisible(),
  );
});

test('at phone width every line table is cards with its prices and totals on screen, and the dashboard menu wraps', async ({
  page,
  request,
}) => {
  // Issue #47: quotes, orders, contract prices and quick order's preview hid prices and totals in a sideways scroller.
  const auth = (account: Account) => ({ Authorization: `Bearer ${account.token}` });
  const admin = await adminByApi(request);
  const sku = uniqueSku('E2E-CARDS');
  const product = await createProductByApi(request, admin, { sku, price: 2.5, quantity: 10 });
  const owner = await signUpByApi(request, 'Cora Cards');
  const created = await request.post('/api/companies', {
    headers: auth(owner),
    data: { name: `Card Works ${uniqueSku('CO')}`, taxId: 'GB 123 4567 89', billingAddress: '1 Long Road\nYork' },
  });
  expect(created.status()).toBe(201);
  const { _id: companyId }: { _id: string } = await created.json();
  const priced = await request.put(`/api/admin/companies/${companyId}/prices`, {
    headers: auth(admin),
    data: { prices: [{ productId: product._id, price: 2.1 }] },
  });
  expect(priced.status()).toBe(200);
  const placed = await request.post('/api/orders', {
    headers: auth(owner),
    data: {
      lines: [{ productId: product._id, quantity: 1000 }],
      phone: '+44 1904 000000',
      address: '1 Long Road, York',
    },
  });
  expect(placed.status()).toBe(201);
  const { order }: { order: { _id: string } } = await placed.json();
  const asked = await request.post('/api/quotes', {
    headers: auth(owner),
    data: { lines: [{ productId: product._id, quantity: 2000 }] },
  });
  expect(asked.status()).toBe(201);
  const { _id: quoteId }: { _id: string } = await asked.json();
  await fillCartByApi(request, owner, [{ productId: product._id, quantity: 500 }]);

  const cards = (region: string, labels: string[]) => {
    const lines = page.getByRole('region', { name: region });
    const shown = labels.map((label) => lines.locator(`tbody [data-label="${label}"]`).first());
    return { lines, shown: [...shown, lines.locator('tfoot td').first()] };
  };
  await useSession(page, owner);

  await page.goto('/cart');
  const cart = cards('Cart lines', ['Unit price', 'Line total']);
  await checkScreen(page, 'cart-lines', () => expect(cart.lines).toContainText('$1,050.00'));
  await expectLinesAsCards(page, cart.lines, cart.shown);

  await page.goto('/quick-order');
  await page.getByLabel('Lines (SKU and quantity)').fill(`${sku}, 500`);
  const preview = page.getByRole('region', { name: 'Resolved lines' });
  await checkScreen(page, 'quick-order-lines', () => expect(preview).toContainText('$1,050.00'));
  await expectLinesAsCards(page, preview, [
    preview.locator('[data-label="Unit price"]'),
    preview.locator('[data-label="Line total"]'),
  ]);

  await page.goto(`/dashboard/orders/${order._id}`);
  const orderLines = cards('Order lines', ['Unit price', 'Line total']);
  await checkScreen(page, 'order-lines', () => expect(orderLines.lines).toContainText('$2,100.00'));
  await expectLinesAsCards(page, orderLines.lines, orderLines.shown);

  await page.goto(`/dashboard/quotes/${quoteId}`);
  const quoteLines = cards('Quote lines', ['List unit price', 'Line total']);
  await checkScreen(page, 'quote-lines', () => expect(quoteLines.lines).toContainText('2,000'));
  await expectLinesAsCards(page, quoteLines.lines, quoteLines.shown);

  // The dashboard's menu wraps: Company and Approvals (an owner's) are on the screen, not scrolled off its edge.
  await page.goto('/dashboard');
  await page.setViewportSize({ width: 390, height: 844 });
  const menu = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link');
  await expect(menu).toContainText(['My Profile', 'Company', 'Approvals']);
  for (const link of await menu.all()) {
    const box = await link.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, `${await link.innerText()} is off the screen`).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await checkScreen(page, 'dashboard-menu-owner', () => expect(menu.last()).toBeVisible());

  await useSession(page, admin);
  await page.goto(`/dashboard/companies/${companyId}`);
  const prices = page.getByRole('region', { name: 'Contract prices by SKU' });
  await checkScreen(page, 'contract-prices-lines', () => expect(prices).toContainText(sku));
  await expectLinesAsCards(page, prices, [
    prices.locator('[data-label="List price"]'),
    prices.getByLabel(`Contract price of ${sku}`, { exact: true }),
  ]);
});
