// A customer orders below the minimum (refused in the browser), then within range, then deletes the unpaid order.
import { expect, test } from '@playwright/test';
import {
  adminByApi,
  createProductByApi,
  listProducts,
  orderByApi,
  signUpByApi,
  uniqueSku,
  useSession,
} from '../support/api';
import { createCompanyByApi, setContractPricesByApi, waitForContractPrice } from '../support/company-setup';
import { checkScreen, expectMessage } from '../support/screens';

test('ordering: range check, booking, My Order and delete with confirmation', async ({ page, request }) => {
  const customer = await signUpByApi(request, 'Olga Orders');
  const products = await listProducts(request);
  const product = products.find((p) => p.quantity === 1000 && p.availableQuantity >= 2000);
  if (!product) throw new Error('no demo product with a minimum of 1000');
  const auth = { Authorization: `Bearer ${customer.token}` };
  await useSession(page, customer);

  const orderCalls: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/order') orderCalls.push(r.postData() ?? '');
  });

  await page.goto(`/purchase/${product._id}`);
  await expect(page.getByRole('heading', { name: product.name, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'place order' }).click();
  const dialog = page.getByRole('dialog', { name: `Booking for: ${product.name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toHaveValue('Olga Orders');
  await expect(dialog.getByLabel('Name')).toHaveAttribute('readonly', '');
  await expect(dialog.getByLabel('Email')).toHaveValue(customer.email);
  await expect(dialog.getByLabel('Email')).toHaveAttribute('readonly', '');
  const quantity = dialog.getByLabel('Quantity');
  await expect(quantity).toHaveAttribute('placeholder', 'minimum order 1000 pc');
  await expect(quantity).toHaveAttribute('name', 'inputQuantity');

  await quantity.fill('999');
  await dialog.getByLabel('Phone').fill('+31 20 555 0101');
  await dialog.getByLabel('Address').fill('Havenstraat 12, Amsterdam');
  await dialog.getByRole('button', { name: 'Order' }).click();
  const refusal = `cannot order less then 1000 and greater than ${product.availableQuantity}`;
  // As an error toast, and inside the modal too (the page behind a modal dialog is inert for screen readers).
  await expect(page.locator('.Toastify__toast--error').getByText(refusal, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText(refusal);
  expect(orderCalls).toEqual([]);

  await quantity.fill('1500');
  await dialog.getByRole('button', { name: 'Order' }).click();
  await expect(page.locator('.Toastify__toast--success').getByText('Booking is set', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(orderCalls).toHaveLength(1);
  expect(JSON.parse(orderCalls[0] ?? '{}')).toMatchObject({ productId: product._id, inputQuantity: 1500 });

  const mine = await request.get(`/api/orders?email=${encodeURIComponent(customer.email)}`, { headers: auth });
  const orders: { _id: string; quantity: number; price: number; paid: boolean }[] = await mine.json();
  expect(orders).toHaveLength(1);
  const order = orders[0];
  if (!order) throw new Error('the order was not stored');
  expect(order).toMatchObject({ quantity: 1500, paid: false, price: Math.round(product.price * 1500 * 100) / 100 });

  await page.goto('/dashboard/myorder');
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row.getByRole('rowheader')).toHaveText('1');
  await expect(row).toContainText('1500 pc');
  await expect(row.getByRole('link', { name: `pay for ${product.name}` })).toHaveAttribute(
    'href',
    `/dashboard/payment/${order._id}`,
  );

  // Cancelling the confirmation keeps the order; confirming deletes that one order by id.
  await row.getByRole('button', { name: `Delete order of ${product.name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this order?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Delete order of ${product.name}` }).click();
  await confirm.getByRole('button', { name: 'Yes, delete' }).click();
  await expectMessage(page, `${product.name} is deleted`);
  await expect(page.getByText('You have not placed any orders yet.')).toBeVisible();
  const after = await request.get(`/api/orders?email=${encodeURIComponent(customer.email)}`, { headers: auth });
  expect(await after.json()).toEqual([]);
  const restored = (await listProducts(request)).find((p) => p._id === product._id);
  expect(restored?.availableQuantity).toBe(product.availableQuantity);
});

test('a product whose stock is below its minimum cannot be booked', async ({ page, request }) => {
  const admin = await adminByApi(request);
  const name = `Kestrel Last Batch ${Date.now()}`;
  const created = await request.post('/api/service', {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: {
      name,
      price: 1.5,
      description: 'The last 1,000 units of a retired line.',
      img: '/api/images/demo/case-fan.png',
      quantity: 1000,
      availableQuantity: 1000,
    },
  });
  expect(created.status()).toBe(201);
  const { insertedId }: { insertedId: string } = await created.json();
  const first = await signUpByApi(request, 'Fast Buyer');
  await orderByApi(request, first, {
    productId: insertedId,
    inputQuantity: 1000,
    phone: '+1 555 0101',
    address: 'Dock 1',
  });

  await useSession(page, await signUpByApi(request, 'Late Buyer'));
  await page.goto(`/purchase/${insertedId}`);
  await expect(page.getByText('Not enough stock for the minimum order right now.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'place order' })).toBeDisabled();
});

test('a bad or unknown product link shows the 404 page, not a validation message', async ({ page, request }) => {
  const customer = await signUpByApi(request, 'Lars Link');
  await useSession(page, customer);
  // Not an id at all (the API's 400), a well-formed id of no product (404), on both product pages.
  for (const path of ['/products/not-a-product', '/products/0123456789abcdef01234567', '/purchase/KC-CPU-K7']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page is not Found');
    await expect(page.getByText('must be a 24-character id')).toHaveCount(0);
    await expect(page).toHaveTitle('Page is not Found · Kestrel Components');
  }
  await checkScreen(page, 'product-not-found', () =>
    expect(page.getByRole('link', { name: 'Back to the home page' })).toBeVisible(),
  );
});

test("the purchase page's product card keeps its own height beside the order column", async ({ page, request }) => {
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, {
    sku: uniqueSku('E2E-TALL'),
    priceBreaks: [
      { minQuantity: 2000, price: 4 },
      { minQuantity: 5000, price: 3.8 },
    ],
  });
  await useSession(page, await signUpByApi(request, 'Tara Tall'));
  await page.goto(`/purchase/${product._id}`);
  const productCard = page.getByRole('article').filter({ has: page.getByRole('heading', { name: product.name }) });
  const terms = page.getByRole('region', { name: 'Product details' });
  await expect(terms).toBeVisible();
  const [cardBox, termsBox] = [await productCard.boundingBox(), await terms.boundingBox()];
  // Stretched, the card would end where the taller column does, with a blank gap inside it (issue #47).
  expect(cardBox && termsBox ? termsBox.y + termsBox.height - (cardBox.y + cardBox.height) : 0).toBeGreaterThan(100);
  await checkScreen(page, 'purchase-page', () => expect(terms).toBeVisible());
});

test('the booking form prices a member at their contract price and names only a cheaper break', async ({
  page,
  request,
}) => {
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, {
    sku: uniqueSku('E2E-BOOK'),
    price: 6.25,
    quantity: 1000,
    availableQuantity: 20000,
    priceBreaks: [
      { minQuantity: 2000, price: 5.5 },
      { minQuantity: 5000, price: 5 },
    ],
  });
  const member = await signUpByApi(request, 'Bea Booking');
  const company = await createCompanyByApi(request, member, `Booking Co ${uniqueSku('B')}`);
  await setContractPricesByApi(request, admin, company._id, [{ productId: product._id, price: 5.2 }]);
  await waitForContractPrice(request, member, product._id, 5.2);
  await useSession(page, member);

  // From the product page, as a member arrives. (Opened as the first page, /purchase/{id} is answered by the server's
  // anonymous preload of the product, which carries no contract price: noted in the issue #47 report.)
  await page.goto(`/products/${product._id}`);
  await page.getByRole('link', { name: 'Order this product' }).click();
  await expect(page).toHaveURL(new RegExp(`/purchase/${product._id}$`));
  await page.getByRole('button', { name: 'place order' }).click();
  const dialog = page.getByRole('dialog', { name: `Booking for: ${product.name}` });
  const quantity = dialog.getByLabel('Quantity');
  // Issue #47: it said "at $6.25 each" and "1,000 × $6.25" under the member's "Your price $5.20".
  await expect(quantity).toHaveAccessibleDescription(
    /Between 1,000 and 20,000 pieces at \$5\.20 each\. Volume prices from 5,000\./,
  );
  await quantity.fill('2000');
  await expect(dialog.getByText('2,000 × $5.20 = $10,400.00 · $5.00 each from 5,000')).toBeVisible();
  await checkScreen(page, 'booking-member-price', () => expect(dialog).toBeVisible());
});
