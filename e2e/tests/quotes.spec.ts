// Quotes (B2B §10, issue #29): a buyer asks for a price from a product page, the shop offers one, they talk in the
// quote's thread, the buyer accepts with the checkout's fields and pays the order by card; and a quote asked for the
// whole cart, offered, then declined. Each new screen is checked with axe and at phone width; the forms are filled by
// keyboard. The journey's own product carries the pack size, so nothing moves the demo catalogue's stock.
import { expect, test, type Page } from '@playwright/test';
import type { Quote, QuoteSummary } from '@kestrel/shared';
import {
  adminByApi,
  createProductByApi,
  fillCartByApi,
  signUpByApi,
  uniqueSku,
  useSession,
  type Account,
} from '../support/api';
import { checkScreen, expectMessage } from '../support/screens';
import { BASE_URL } from '../support/settings';

// Long journeys through two sessions, with axe and two screen widths on every new screen.
test.describe.configure({ timeout: 180_000 });

const auth = (account: Account) => ({ Authorization: `Bearer ${account.token}` });
const QUOTE_URL = /\/dashboard\/quotes\/([0-9a-f]{24})$/;

async function readQuote(page: Page, account: Account, id: string): Promise<Quote> {
  const response = await page.request.get(`/api/quotes/${id}`, { headers: auth(account) });
  expect(response.status()).toBe(200);
  return response.json();
}

test('a quote from the product page: the shop offers, they talk, the buyer accepts and pays the order by card', async ({
  page,
  browser,
  request,
}) => {
  const admin = await adminByApi(request);
  const sku = uniqueSku('E2E-QUOTE');
  const product = await createProductByApi(request, admin, {
    sku,
    price: 4.2,
    quantity: 100,
    packSize: 10,
    availableQuantity: 5000,
  });
  const buyer = await signUpByApi(request, 'Quincy Quote');
  await useSession(page, buyer);

  // The product page has the button only; the form arrives when asked for, and is filled by keyboard.
  await page.goto(`/products/${product._id}`);
  await page.getByRole('button', { name: 'Request a quote' }).click();
  const dialog = page.getByRole('dialog', { name: `Request a quote for ${product.name}` });
  const quantity = dialog.getByLabel('Quantity');
  await expect(quantity).toBeFocused();
  await expect(quantity).toHaveValue('100');
  await expect(quantity).toHaveAttribute('step', '10');
  await checkScreen(page, 'quote-request', () => expect(dialog).toBeVisible());
  await quantity.fill('105');
  await page.keyboard.press('Tab');
  await page.keyboard.type('3.80');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Monthly deliveries of 1,000 through 2027.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Send request' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('order in packs of 10')).toBeVisible();
  await quantity.fill('2000');
  await expect(dialog.getByText('List price at this quantity: $4.20 each')).toBeVisible();
  await quantity.press('Enter');

  await expect(page).toHaveURL(QUOTE_URL);
  const quoteId = QUOTE_URL.exec(page.url())?.[1] ?? '';
  const requested = await readQuote(page, buyer, quoteId);
  expect(requested.lines).toMatchObject([
    { productId: product._id, quantity: 2000, targetPrice: 3.8, unitPrice: null },
  ]);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Quote ${requested.number}`);
  await expect(page.getByText('Waiting for the shop to make an offer.')).toBeVisible();
  const lines = page.getByRole('table', { name: `Lines of quote ${requested.number}` });
  await expect(lines.getByRole('row').filter({ hasText: sku })).toContainText('2,000$4.20$3.80Not offered yet');
  await checkScreen(page, 'quote-buyer-requested', () => expect(lines).toBeVisible());

  // The shop's queue lists the request first; the offer form starts each price at the buyer's target.
  const adminContext = await browser.newContext({ baseURL: BASE_URL });
  const adminPage = await adminContext.newPage();
  await useSession(adminPage, admin);
  await adminPage.goto('/dashboard');
  await adminPage.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Quotes' }).click();
  await adminPage.getByLabel('Show quotes').selectOption('requested');
  const queued = adminPage.getByRole('link', { name: `Open quote ${requested.number}` });
  await checkScreen(adminPage, 'quotes-admin-queue', () => expect(queued).toBeVisible());
  await queued.click();
  const price = adminPage.getByLabel(`${sku} ${product.name}, 2,000 pieces`);
  await expect(price).toHaveValue('3.80');
  await checkScreen(adminPage, 'quote-admin', () => expect(price).toBeVisible());
  await price.fill('3.85');
  await expect(adminPage.getByText('List $4.20, target $3.80: 8.3% below list ($0.35 less)')).toBeVisible();
  await adminPage.getByLabel('Message to the buyer (optional)').focus();
  await adminPage.keyboard.type('3.85 at this volume, deliveries monthly.');
  await adminPage.keyboard.press('Tab');
  await expect(adminPage.getByRole('button', { name: 'Send offer' })).toBeFocused();
  await adminPage.keyboard.press('Enter');
  await expectMessage(adminPage, `Offer sent for ${requested.number}: $7,700.00`);
  await expect(adminPage.getByText('Offered: waiting for the buyer. A new offer replaces this one.')).toBeVisible();

  // The buyer sees the offer against the list price and answers in the thread, by keyboard.
  await page.reload();
  await expect(page.getByText('The shop has made an offer: accept it before it expires, or decline it.')).toBeVisible();
  await expect(lines.getByRole('row').filter({ hasText: sku })).toContainText('$3.85');
  await expect(lines.getByRole('row').filter({ hasText: sku })).toContainText('8.3% below list ($0.35 less)');
  await expect(page.getByTestId('quote-total')).toHaveText('$7,700.00');
  const thread = page.getByRole('list', { name: 'Messages' });
  await expect(thread).toContainText('3.85 at this volume, deliveries monthly.');
  await page.getByLabel('Message to the shop').focus();
  await page.keyboard.type('Can the first 1,000 ship by Friday?');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Send message' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expectMessage(page, 'Message sent to the shop');
  await expect(thread.getByRole('listitem').last()).toContainText('Buyer: Quincy Quote');
  await expect(thread.getByRole('listitem').last()).toContainText('Can the first 1,000 ship by Friday?');
  // Issue 47: the thread's bounds and the mail digest are said beside the form.
  await expect(page.getByTestId('thread-bounds')).toHaveText(
    '99 of 100 messages left for your side; at most 10 a person in 10 minutes. The shop is mailed at most once every 10 minutes about new messages.',
  );
  await checkScreen(page, 'quote-buyer-offered', () => expect(thread).toBeVisible());

  await adminPage.reload();
  const adminThread = adminPage.getByRole('list', { name: 'Messages' });
  await expect(adminThread.getByRole('listitem').last()).toContainText('Can the first 1,000 ship by Friday?');
  // The offer's message is the shop's first.
  await expect(adminPage.getByTestId('thread-bounds')).toContainText('99 of 100 messages left for the shop');
  await adminContext.close();

  // Accepting asks the checkout's fields, places the order at the offered price and leads to its page to pay.
  await page.getByRole('button', { name: 'Accept offer' }).click();
  const accept = page.getByRole('dialog', { name: `Accept the offer of ${requested.number}` });
  await expect(accept.getByLabel('Phone')).toBeFocused();
  await checkScreen(page, 'quote-accept', () => expect(accept).toBeVisible());
  await page.keyboard.type('+44 20 7946 0303');
  await page.keyboard.press('Tab');
  await page.keyboard.type('7 Quay Road, Hull');
  await page.keyboard.press('Tab');
  await page.keyboard.type('PO-Q-77');
  await accept.getByRole('button', { name: 'Accept and place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f]{24}$/);
  const accepted = await readQuote(page, buyer, quoteId);
  expect(accepted.status).toBe('accepted');
  expect(page.url()).toContain(accepted.orderId ?? 'missing');
  await expect(
    page.getByText(/^Offer accepted: order SO-\d{4}-\d{6} is placed\. Pay it by card to confirm it\.$/),
  ).toBeVisible();
  await expect(page.getByText('PO-Q-77').first()).toBeVisible();

  await page.getByRole('link', { name: /^pay for / }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${accepted.orderId}$`));
  const payButton = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(payButton).toBeEnabled();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await payButton.click();
  await expect(page.getByRole('status').filter({ hasText: 'Congratulation your payment is completed' })).toBeVisible();
  const order = await page.request.get(`/api/orders/${accepted.orderId}`, { headers: auth(buyer) });
  expect(await order.json()).toMatchObject({ paid: true, status: 'confirmed', quoteId, price: 7700 });
});

test('a quote for the whole cart empties it; the offer is then declined with a reason', async ({ page, request }) => {
  const admin = await adminByApi(request);
  const sku = uniqueSku('E2E-CARTQ');
  const product = await createProductByApi(request, admin, { sku, price: 2.5, quantity: 500, availableQuantity: 4000 });
  const buyer = await signUpByApi(request, 'Della Decline');
  await fillCartByApi(request, buyer, [{ productId: product._id, quantity: 1500 }]);
  await useSession(page, buyer);

  await page.goto('/cart');
  await page.getByRole('button', { name: 'Request a quote instead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a quote for your cart' });
  await expect(dialog.getByLabel('Note (optional)')).toBeFocused();
  await checkScreen(page, 'quote-cart-request', () => expect(dialog).toBeVisible());
  await page.keyboard.type('Budget is tight this quarter.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(QUOTE_URL);
  const quoteId = QUOTE_URL.exec(page.url())?.[1] ?? '';
  const cart = await request.get('/api/cart', { headers: auth(buyer) });
  expect((await cart.json()).lines).toEqual([]);
  const requested = await readQuote(page, buyer, quoteId);
  expect(requested).toMatchObject({ note: 'Budget is tight this quarter.', status: 'requested' });
  expect(requested.lines).toMatchObject([{ sku, quantity: 1500, listUnitPrice: 2.5 }]);

  const validUntil = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const offered = await request.post(`/api/quotes/${quoteId}/offer`, {
    headers: auth(admin),
    data: { lines: [{ productId: product._id, unitPrice: 2.3 }], validUntil },
  });
  expect(offered.status()).toBe(200);

  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Quotes' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Quotes');
  await page.getByLabel('Show quotes').selectOption('offered');
  const row = page.getByRole('row').filter({ hasText: requested.number });
  await expect(row).toContainText('Offered');
  await checkScreen(page, 'my-quotes', () => expect(row).toBeVisible());
  await page.getByLabel('Show quotes').selectOption('declined');
  await expect(page.getByText('No quotes are declined.')).toBeVisible();
  await page.goBack();
  await row.getByRole('link', { name: `Open quote ${requested.number}` }).click();

  await page.getByRole('button', { name: 'Decline offer' }).click();
  const decline = page.getByRole('dialog', { name: 'Decline this offer?' });
  await expect(decline.getByLabel('Reason (optional)')).toBeFocused();
  await checkScreen(page, 'quote-decline', () => expect(decline).toBeVisible());
  await page.keyboard.type('Found a closer supplier.');
  await decline.getByRole('button', { name: 'Decline offer' }).click();
  await expectMessage(page, `You declined the offer of ${requested.number}`);
  await expect(page.getByText('You declined the offer.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept offer' })).toHaveCount(0);
  expect(await readQuote(page, buyer, quoteId)).toMatchObject({ status: 'declined', orderId: null });
});

test('My Quotes pages 50 at a time: next, previous, back and a status filter, kept in the address', async ({
  page,
  request,
}) => {
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-QPAGE'), price: 3, quantity: 10 });
  const buyer = await signUpByApi(request, 'Paige Pager');
  const numbers: string[] = [];
  for (let i = 0; i < 51; i += 1) {
    const asked = await request.post('/api/quotes', {
      headers: auth(buyer),
      data: { lines: [{ productId: product._id, quantity: 10 + i }] },
    });
    expect(asked.status()).toBe(201);
    numbers.push(((await asked.json()) as Quote).number);
  }
  // The oldest is cancelled, so the filter has one to find on the second page of everything.
  const listed: QuoteSummary[] = await (await request.get('/api/quotes?pageSize=500', { headers: auth(buyer) })).json();
  // The list carries no threads (issue 47), only their length; GET /api/quotes/{id} answers the messages.
  expect(listed.every((q) => !('messages' in q) && q.messageCount === 0)).toBe(true);
  const oldest = listed.at(-1);
  expect(oldest?.number).toBe(numbers[0]);
  const cancelled = await request.post(`/api/quotes/${oldest?._id}/cancel`, { headers: auth(buyer), data: {} });
  expect(cancelled.status()).toBe(200);
  await useSession(page, buyer);

  await page.goto('/dashboard/quotes');
  const table = page.getByRole('table', { name: 'Your quotes' });
  const pager = page.getByRole('navigation', { name: 'Quote pages' });
  await expect(pager).toContainText('Quotes 1-50 (page 1)');
  await expect(table.getByRole('link', { name: /^Open quote / })).toHaveCount(50);
  await expect(table.getByRole('link', { name: `Open quote ${numbers[50]}` })).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await checkScreen(page, 'quotes-paged', () => expect(pager).toBeVisible());

  await pager.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/\/dashboard\/quotes\?page=2$/);
  await expect(pager).toContainText('Quote 51 (page 2)');
  await expect(table.getByRole('link', { name: /^Open quote / })).toHaveCount(1);
  await expect(table.getByRole('link', { name: `Open quote ${numbers[0]}` })).toBeVisible();
  await expect(pager.getByRole('button', { name: 'Next page' })).toBeDisabled();

  await page.goBack();
  await expect(pager).toContainText('Quotes 1-50 (page 1)');
  await page.goForward();
  await expect(pager).toContainText('Quote 51 (page 2)');
  await pager.getByRole('button', { name: 'Previous page' }).click();
  await expect(page).toHaveURL(/\/dashboard\/quotes$/);

  // A filter starts again at its first page; one cancelled quote needs no pager.
  await page.goto('/dashboard/quotes?page=2');
  await page.getByLabel('Show quotes').selectOption('cancelled');
  await expect(page).toHaveURL(/\/dashboard\/quotes\?status=cancelled$/);
  await expect(table.getByRole('link', { name: /^Open quote / })).toHaveCount(1);
  await expect(table.getByRole('link', { name: `Open quote ${numbers[0]}` })).toBeVisible();
  await expect(pager).toHaveCount(0);
});
