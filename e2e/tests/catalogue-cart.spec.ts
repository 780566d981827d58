// Adding to the cart from the catalogue's cards and from the purchase page (B2B §2-§3), and the navbar's Quick order.
// Each journey makes its own products (pack sizes, a maximum, price breaks), found on /products by their SKU, so the
// demo catalogue's figures never change under another journey.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminByApi, createProductByApi, signUpByApi, uniqueSku, useSession, type Account } from '../support/api';
import { createCompanyByApi, setContractPricesByApi, waitForContractPrice } from '../support/company-setup';
import { checkScreen, expectMessage } from '../support/screens';

const auth = (account: Account) => ({ Authorization: `Bearer ${account.token}` });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
/** The catalogue card whose name links to the product (names are unique per journey). */
const card = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Results' })
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

/** The buyer's cart as the server has it: [sku, quantity, unit price, problem] per line. */
async function cartLines(request: APIRequestContext, buyer: Account) {
  const response = await request.get('/api/cart', { headers: auth(buyer) });
  expect(response.status()).toBe(200);
  const body: { lines: { sku: string; quantity: number; unitPrice: number; problem: string | null }[] } =
    await response.json();
  return body.lines.map((l) => [l.sku, l.quantity, l.unitPrice, l.problem]);
}

test('a visitor signs in from a card, a quantity off the pack size is refused, a good one reaches the cart', async ({
  page,
  request,
}) => {
  const admin = await adminByApi(request);
  const sku = uniqueSku('E2E-CARD');
  const product = await createProductByApi(request, admin, {
    sku,
    price: 4.2,
    quantity: 100,
    packSize: 10,
    maxQuantity: 3000,
    availableQuantity: 5000,
    priceBreaks: [
      { minQuantity: 500, price: 3.9 },
      { minQuantity: 1000, price: 3.6 },
    ],
  });
  const buyer = await signUpByApi(request, 'Cody Card');

  await page.goto(`/products?q=${sku}`);
  const item = card(page, product.name);
  await expect(nav(page).getByRole('link', { name: 'Quick order' })).toHaveCount(0);
  await item.getByRole('link', { name: `Sign in to order ${product.name}` }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(buyer.email);
  await page.getByLabel('Password').fill(buyer.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(new RegExp(`/products\\?q=${sku}$`));

  const quantity = item.getByLabel(`Quantity of ${product.name}`);
  const add = item.getByRole('button', { name: `Add to cart ${product.name}` });
  await expect(quantity).toHaveValue('100');
  await expect(quantity).toHaveAttribute('min', '100');
  await expect(quantity).toHaveAttribute('step', '10');
  await expect(quantity).toHaveAttribute('max', '3000');
  await expect(quantity).toHaveAccessibleDescription('100 × $4.20 = $420.00 · $3.90 each from 500');
  await expect(nav(page).getByRole('link', { name: /^Cart/ })).toHaveAccessibleName('Cart');

  // Off the pack size: the card says why and sends nothing.
  await quantity.fill('505');
  await expect(quantity).toHaveAccessibleDescription('order in packs of 10');
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  await expect(add).toBeDisabled();
  await quantity.press('Enter');
  await quantity.fill('3010');
  await expect(quantity).toHaveAccessibleDescription('cannot order less then 100 and greater than 3000');
  await expect(add).toBeDisabled();
  expect(await cartLines(request, buyer)).toEqual([]);

  await quantity.fill('1000');
  await expect(quantity).toHaveAccessibleDescription('1,000 × $3.60 = $3,600.00');
  await expect(quantity).not.toHaveAttribute('aria-invalid');
  await add.click();
  await expectMessage(page, `1,000 × ${product.name} added to your cart`);
  await expect(item.getByRole('status')).toHaveText('Added. View your cart');
  await expect(nav(page).getByRole('link', { name: /^Cart/ })).toHaveAccessibleName(/^Cart\s*1 line$/);
  expect(await cartLines(request, buyer)).toEqual([[sku, 1000, 3.6, null]]);
  await checkScreen(page, 'products-signed-in', () => expect(item.getByRole('status')).toBeVisible());

  await item.getByRole('link', { name: 'View your cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const row = page.getByRole('row').filter({ hasText: sku });
  await expect(page.getByLabel(`Quantity of ${product.name}`)).toHaveValue('1000');
  await expect(row.locator('[data-label="Unit price"]')).toHaveText('$3.60');
  await expect(row.locator('[data-label="Line total"]')).toHaveText('$3,600.00');
  await expect(page.getByTestId('cart-total')).toHaveText('$3,600.00');

  // Quick order is one click away for a signed-in buyer.
  await nav(page).getByRole('link', { name: 'Quick order' }).click();
  await expect(page).toHaveURL(/\/quick-order$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quick order');
  await expect(nav(page).getByRole('link', { name: 'Quick order' })).toHaveAttribute('aria-current', 'page');
});

test('a card of a product below its minimum stock cannot be added, and says why', async ({ page, request }) => {
  const admin = await adminByApi(request);
  const sku = uniqueSku('E2E-SOLD');
  const product = await createProductByApi(request, admin, { sku, quantity: 100, availableQuantity: 100 });
  // A product is created with at least its minimum in stock; the stock then drops below it.
  const adjusted = await request.patch(`/api/service/${product._id}`, {
    headers: auth(admin),
    data: { stockAdjustment: -60 },
  });
  expect(adjusted.status()).toBe(200);
  const buyer = await signUpByApi(request, 'Sol Short');
  await useSession(page, buyer);

  await page.goto(`/products?q=${sku}`);
  const add = card(page, product.name).getByRole('button', { name: `Add to cart ${product.name}` });
  await expect(add).toBeDisabled();
  await expect(add).toHaveAccessibleDescription('Not enough stock for the minimum order right now.');
  await expect(card(page, product.name).getByLabel(`Quantity of ${product.name}`)).toHaveCount(0);
});

test("the purchase page's Add to cart prices by volume and tells when the cart's sum breaks a rule", async ({
  page,
  request,
}) => {
  const admin = await adminByApi(request);
  const sku = uniqueSku('E2E-BUY');
  const product = await createProductByApi(request, admin, {
    sku,
    price: 4.2,
    quantity: 1000,
    availableQuantity: 3000,
    priceBreaks: [{ minQuantity: 2000, price: 3.8 }],
  });
  const buyer = await signUpByApi(request, 'Pia Purchase');
  await useSession(page, buyer);

  await page.goto(`/purchase/${product._id}`);
  const form = page.getByRole('form', { name: 'Add to cart' });
  const quantity = form.getByLabel('Pieces for the cart');
  await expect(quantity).toHaveValue('1000');
  await expect(quantity).toHaveAccessibleDescription('1,000 × $4.20 = $4,200.00 · $3.80 each from 2,000');
  await quantity.fill('2000');
  await expect(quantity).toHaveAccessibleDescription('2,000 × $3.80 = $7,600.00');
  await form.getByRole('button', { name: 'Add to cart' }).click();
  await expectMessage(page, `2,000 × ${product.name} added to your cart`);
  await expect(form.getByRole('status')).toHaveText('Added. View your cart');
  await expect(nav(page).getByRole('link', { name: /^Cart/ })).toHaveAccessibleName(/^Cart\s*1 line$/);
  expect(await cartLines(request, buyer)).toEqual([[sku, 2000, 3.8, null]]);

  // The same quantity again: the cart adds it up past the stock, keeps the line and says so.
  await form.getByRole('button', { name: 'Add to cart' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Added. Your cart now has 4,000: cannot order less then 1000 and greater than 3000. View your cart',
  );
  expect(await cartLines(request, buyer)).toEqual([
    [sku, 4000, 3.8, 'cannot order less then 1000 and greater than 3000'],
  ]);
  await form.getByRole('link', { name: 'View your cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('row').filter({ hasText: sku })).toContainText(
    'cannot order less then 1000 and greater than 3000',
  );
});

test("a member's estimates use the contract price, and quick order keeps out a line below the minimum", async ({
  page,
  request,
}) => {
  const admin = await adminByApi(request);
  const sku = uniqueSku('E2E-MEMBER');
  const product = await createProductByApi(request, admin, {
    sku,
    price: 6.25,
    quantity: 1000,
    packSize: 100,
    availableQuantity: 20000,
    priceBreaks: [
      { minQuantity: 2000, price: 5.5 },
      { minQuantity: 5000, price: 5 },
    ],
  });
  const owner = await signUpByApi(request, 'Mina Member');
  const company = await createCompanyByApi(request, owner, `Member Co ${uniqueSku('M')}`);
  await setContractPricesByApi(request, admin, company._id, [{ productId: product._id, price: 5.2 }]);
  await waitForContractPrice(request, owner, product._id, 5.2);
  await useSession(page, owner);

  // The card: what the member pays at the minimum, and only the volume price below it (issue #47).
  await page.goto(`/products?q=${sku}`);
  const item = card(page, product.name);
  await expect(item).toContainText('$5.20 per unit');
  await expect(item).toContainText('down to $5.00 from 5,000');
  await expect(item.getByLabel(`Quantity of ${product.name}`)).toHaveAccessibleDescription(
    '1,000 × $5.20 = $5,200.00 · $5.00 each from 5,000',
  );
  await checkScreen(page, 'products-member-price', () => expect(item).toContainText('$5.20 per unit'));

  // A purchase link opened directly: the page's anonymous preload is not the member's answer (issue #47).
  await page.goto(`/purchase/${product._id}`);
  await expect(page.getByTestId('your-price')).toContainText('$5.20');

  // The product page: the estimate under 'Your price' is at that price, and the table says what the member pays.
  await page.goto(`/products/${product._id}`);
  await expect(page.getByTestId('your-price')).toContainText('$5.20');
  const quantity = page.getByRole('form', { name: 'Add to cart' }).getByLabel('Pieces for the cart');
  await expect(quantity).toHaveAccessibleDescription('1,000 × $5.20 = $5,200.00 · $5.00 each from 5,000');
  await quantity.fill('2000');
  await expect(quantity).toHaveAccessibleDescription('2,000 × $5.20 = $10,400.00 · $5.00 each from 5,000');
  const volume = page.getByRole('table', { name: 'Volume prices' });
  await expect(volume.getByRole('row')).toHaveText([
    'Quantity fromList priceYou pay',
    '1,000$6.25$5.20',
    '2,000$5.50$5.20',
    '5,000$5.00$5.00',
  ]);
  // The card keeps its own height beside the taller order column (no blank stretch).
  const productCard = page.getByRole('article').filter({ has: page.getByRole('heading', { name: product.name }) });
  const cardBox = await productCard.boundingBox();
  const termsBox = await page.getByRole('region', { name: 'Product details' }).boundingBox();
  expect(cardBox && termsBox ? cardBox.y + cardBox.height < termsBox.y + termsBox.height : false).toBe(true);
  await checkScreen(page, 'product-member-price', () => expect(volume).toBeVisible());

  // Quick order: the preview charges what the cart will, and a line below the minimum is not added.
  await page.goto('/quick-order');
  await page.getByLabel('Lines (SKU and quantity)').fill(`${sku}, 2000\n${sku}, 500`);
  const preview = page.getByRole('table', { name: 'Your lines, resolved' });
  const line = (n: number) => preview.locator(`tr[data-line="${n}"]`);
  await expect(line(1)).toContainText(`${product.name}2,000$5.20$10,400.00`);
  await expect(line(2)).toContainText('Not added: the minimum order is 1,000');
  await expect(page.getByText('Only the 1 resolved lines are added.')).toBeVisible();
  await checkScreen(page, 'quick-order-member', () => expect(line(2)).toBeVisible());
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expectMessage(page, '1 line added to your cart');
  expect(await cartLines(request, owner)).toEqual([[sku, 2000, 5.2, null]]);
  // What stayed out is still there to be mended.
  await expect(page.getByLabel('Lines (SKU and quantity)')).toHaveValue(`${sku}, 500`);

  // The cart's hint names only the break that beats the contract price.
  await page.goto('/cart');
  const row = page.getByRole('row').filter({ hasText: sku });
  await expect(row.locator('[data-label="Unit price"]')).toContainText('$5.20');
  await expect(row.locator('[data-label="Line total"]')).toHaveText('$10,400.00');
  await expect(row).toContainText('$5.00 each from 5,000');
  await expect(row).not.toContainText('$5.50 each');
  await checkScreen(page, 'cart-member-price', () => expect(row).toBeVisible());
});
