// Paying an order with the built-in sandbox card processor (docs/product.md §6), from My Order to Paid.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { listProducts, orderByApi, signUpByApi, useSession, type Account } from '../support/api';

async function newOrder(request: APIRequestContext, account: Account) {
  const [product] = await listProducts(request);
  if (!product) throw new Error('the demo catalogue is empty');
  const order = {
    productId: product._id,
    inputQuantity: product.quantity,
    phone: '+1 555 0100',
    address: '12 Foundry Lane',
  };
  const { _id } = await orderByApi(request, account, order);
  return { product, orderId: _id };
}

async function fillCard(page: Page, cardNumber: string) {
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

async function readOrder(request: APIRequestContext, account: Account, orderId: string) {
  const response = await request.get(`/api/orders/${orderId}`, {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  expect(response.status()).toBe(200);
  const order: { paid: boolean; transactionId: string | null } = await response.json();
  return order;
}

test('a customer pays an order with 4242 4242 4242 4242 and My Order shows it Paid', async ({ page, request }) => {
  const account = await signUpByApi(request, 'Petra Payer');
  const { product, orderId } = await newOrder(request, account);
  await useSession(page, account);

  // Hold the intent back to see Pay wait for the client secret (docs/product.md §14).
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/create-payment-intent', async (route) => {
    await held;
    await route.continue();
  });

  await page.goto('/dashboard/myorder');
  const row = page.getByRole('row').filter({ hasText: product.name });
  await row.getByRole('link', { name: 'pay' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Petra Payer');
  await expect(page.getByText(`Please Pay ${product.name}`)).toBeVisible();
  const payButton = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(payButton).toBeDisabled();
  release();
  await expect(payButton).toBeEnabled();

  await fillCard(page, '4242 4242 4242 4242');
  await payButton.click();
  const done = page.getByRole('status').filter({ hasText: 'Congratulation your payment is completed' });
  await expect(done).toBeVisible();
  const { transactionId } = await readOrder(request, account, orderId);
  expect(transactionId).toMatch(/^pi_[0-9a-f]{24}$/);
  await expect(done).toContainText(`Your transaction id: ${transactionId}`);

  await page.getByRole('link', { name: 'My Order', exact: true }).click();
  const paidRow = page.getByRole('row').filter({ hasText: product.name });
  await expect(paidRow).toContainText('Paid');
  await expect(paidRow).toContainText(transactionId ?? 'missing');
  await expect(paidRow.getByRole('link', { name: 'pay' })).toHaveCount(0);
});

test('a declined card shows "Your card was declined." in red and the order stays unpaid', async ({ page, request }) => {
  const account = await signUpByApi(request, 'Dev Decline');
  const { product, orderId } = await newOrder(request, account);
  await useSession(page, account);
  await page.goto(`/dashboard/payment/${orderId}`);

  const payButton = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(payButton).toBeEnabled();
  await fillCard(page, '4000 0000 0000 0002');
  await payButton.click();

  const error = page.getByRole('alert').filter({ hasText: 'Your card was declined.' });
  await expect(error).toHaveText('Your card was declined.');
  // daisyUI's error colour: a red whose red channel clearly dominates.
  const [r, g, b] = (await error.evaluate((el) => getComputedStyle(el).color)).match(/\d+/g)?.map(Number) ?? [];
  expect((r ?? 0) > 150 && (g ?? 255) < 100 && (b ?? 255) < 100).toBe(true);
  await expect(payButton).toBeEnabled();
  await expect(page.getByText('Congratulation your payment is completed')).toHaveCount(0);

  expect(await readOrder(request, account, orderId)).toMatchObject({ paid: false, transactionId: null });
  await page.getByRole('link', { name: 'My Order', exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: product.name });
  await expect(row.getByRole('link', { name: 'pay' })).toBeVisible();
  await expect(row).not.toContainText('Paid');
});
