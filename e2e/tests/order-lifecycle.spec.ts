// The order lifecycle on screen (B2B §4, §6): the admin filters and ships a paid order, the buyer follows it to
// delivered (or the admin records the delivery); a paid order's invoice downloads as a PDF; a buyer cancels a pending
// order and its stock comes back; an admin cancels a paid order and the buyer sees it refunded. Each journey orders
// its own product, so the demo catalogue's stock never moves.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ORDERS_CSV_HEADER, type Order, type Product } from '@kestrel/shared';
import {
  adminByApi,
  createProductByApi,
  payByApi,
  signUpByApi,
  uniqueSku,
  useSession,
  type Account,
} from '../support/api';
import { checkScreen, expectMessage } from '../support/screens';
import { BASE_URL } from '../support/settings';

const auth = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

/** Places a one-line order through POST /api/orders; its PO number tells its row apart on both pages. */
async function placeByApi(request: APIRequestContext, buyer: Account, product: Product, poNumber: string) {
  const response = await request.post('/api/orders', {
    headers: auth(buyer),
    data: {
      lines: [{ productId: product._id, quantity: 1000 }],
      phone: '+44 20 7946 0303',
      address: '8 Wharf Road, Hull',
      poNumber,
    },
  });
  expect(response.status()).toBe(201);
  const { order }: { order: Order } = await response.json();
  return order;
}

async function readOrder(request: APIRequestContext, account: Account, orderId: string): Promise<Order> {
  const response = await request.get(`/api/orders/${orderId}`, { headers: auth(account) });
  expect(response.status()).toBe(200);
  return response.json();
}

async function stockOf(request: APIRequestContext, productId: string): Promise<number> {
  const response = await request.get(`/api/service/${productId}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as Product).availableQuantity;
}

const myOrderRow = (page: Page, poNumber: string) => page.getByRole('row').filter({ hasText: `PO: ${poNumber}` });
const adminCard = (page: Page, poNumber: string) =>
  page
    .getByRole('list', { name: 'Orders' })
    .locator(':scope > li')
    .filter({ hasText: `PO: ${poNumber}` });

test('the admin filters Confirmed and ships a paid order; the buyer sees the tracking and marks it delivered', async ({
  page,
  browser,
  request,
}) => {
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-SHIP') });
  const buyer = await signUpByApi(request, 'Sam Shipment');
  const order = await placeByApi(request, buyer, product, 'PO-SHIP-1');
  await placeByApi(request, buyer, product, 'PO-WAIT-1');
  await useSession(page, buyer);

  // The buyer pays in the browser with the sandbox card.
  await page.goto('/dashboard/myorder');
  const row = myOrderRow(page, 'PO-SHIP-1');
  await expect(row).toContainText('Status: Pending payment');
  await expect(row).toContainText('Held until');
  await row.getByRole('link', { name: `pay for ${product.name}` }).click();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Congratulation your payment is completed' })).toBeVisible();
  expect(await readOrder(request, buyer, order._id)).toMatchObject({ status: 'confirmed', paid: true });

  // The admin, in a browser of their own, lists the confirmed orders only.
  const adminContext = await browser.newContext({ baseURL: BASE_URL });
  const adminPage = await adminContext.newPage();
  await useSession(adminPage, admin);
  await adminPage.goto('/dashboard/manageorder');
  await expect(adminCard(adminPage, 'PO-WAIT-1')).toContainText('Status: Pending payment');
  await adminPage.getByLabel('Show orders').selectOption('confirmed');
  await expect(adminPage).toHaveURL(/\/dashboard\/manageorder\?status=confirmed$/);
  const card = adminCard(adminPage, 'PO-SHIP-1');
  await expect(card).toContainText('Status: Confirmed');
  await expect(card).toContainText('PaymentPaid');
  await expect(card).toContainText('CustomerSam Shipment');
  await expect(adminCard(adminPage, 'PO-WAIT-1')).toHaveCount(0);
  const cards = adminPage.getByRole('list', { name: 'Orders' }).locator(':scope > li');
  await expect(cards.filter({ hasNotText: 'Status: Confirmed' })).toHaveCount(0);

  // The CSV export follows the filter: confirmed orders only, one row per line.
  const exporting = adminPage.waitForEvent('download');
  await adminPage.getByRole('button', { name: 'Download orders CSV' }).click();
  const csv = await exporting;
  expect(csv.suggestedFilename()).toMatch(/^kestrel-orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const [header, ...rows] = readFileSync(await csv.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(header).toBe(ORDERS_CSV_HEADER.join(','));
  expect(rows.map((r) => /^[0-9a-f]{24},[^,]+,([a-z_]+),/.exec(r)?.[1])).toEqual(rows.map(() => 'confirmed'));
  expect(rows.filter((r) => r.startsWith(`${order._id},`))).toEqual([
    `${order._id},${order.createdAt},confirmed,PO-SHIP-1,${buyer.email},,${product.sku},${product.name},1000,4.20,4200.00,4200.00,true,${order.number},4200.00,0.00,US`,
  ]);
  expect(rows.some((r) => r.includes('PO-WAIT-1'))).toBe(false);

  // Both fields are required; Escape closes the dialog and focus goes back to the button that opened it.
  const ship = card.getByRole('button', { name: `Ship order of ${product.name}` });
  await ship.click();
  const dialog = adminPage.getByRole('dialog', { name: 'Ship this order' });
  await expect(dialog.getByLabel('Carrier')).toBeFocused();
  await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(dialog.getByText('Enter the carrier', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Enter the tracking number', { exact: true })).toBeVisible();
  await expect(dialog.getByLabel('Carrier')).toHaveAttribute('aria-invalid', 'true');
  await checkScreen(adminPage, 'admin-manageorder-ship', () => expect(dialog).toBeVisible());
  await adminPage.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(ship).toBeFocused();

  await ship.click();
  await expect(dialog.getByText('Enter the carrier', { exact: true })).toHaveCount(0);
  await dialog.getByLabel('Carrier').fill('DHL Express');
  await dialog.getByLabel('Tracking number').fill('JD0146000032');
  await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
  await expectMessage(adminPage, `${product.name} is shipped`);
  await expect(dialog).toBeHidden();
  // Shipped is no longer Confirmed, so the filtered list lets it go.
  await expect(card).toHaveCount(0);
  expect(await readOrder(request, buyer, order._id)).toMatchObject({
    status: 'shipped',
    carrier: 'DHL Express',
    trackingNumber: 'JD0146000032',
  });
  await adminPage.getByLabel('Show orders').selectOption('shipped');
  await expect(adminCard(adminPage, 'PO-SHIP-1')).toContainText(
    'Shipped with DHL Express, tracking number JD0146000032',
  );
  // Shipped: no more shipping or cancelling; only recording the delivery, which this journey leaves to the buyer.
  await expect(adminCard(adminPage, 'PO-SHIP-1').getByRole('button')).toHaveText(['Mark as delivered']);
  await adminContext.close();

  // The buyer sees it on its way and says it arrived.
  await page.goto('/dashboard/myorder');
  await expect(row).toContainText('Status: Shipped');
  await expect(row).toContainText('Shipped with DHL Express, tracking number JD0146000032');
  await expect(row.getByRole('button', { name: `Cancel order of ${product.name}` })).toHaveCount(0);
  await row.getByRole('button', { name: `Mark ${product.name} as delivered` }).click();
  // Asked first (issue #47): a delivered order cannot go back.
  await page
    .getByRole('dialog', { name: 'Mark this order as delivered?' })
    .getByRole('button', { name: 'Yes, it was delivered' })
    .click();
  await expectMessage(page, `${product.name} is marked delivered`);
  await expect(row).toContainText('Status: Delivered');
  await expect(row.getByRole('button', { name: `Mark ${product.name} as delivered` })).toHaveCount(0);
  await row.getByText('History (4)').click();
  await expect(row.locator('details li')).toHaveText([
    /^Pending payment: /,
    /^Confirmed: /,
    /^Shipped: /,
    /^Delivered: /,
  ]);
  expect(await readOrder(request, buyer, order._id)).toMatchObject({ status: 'delivered' });
});

test('an admin records the delivery of a shipped order for a buyer who did not', async ({ page, request }) => {
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-DELIVER'), availableQuantity: 10000 });
  const buyer = await signUpByApi(request, 'Dora Delivery');
  const order = await placeByApi(request, buyer, product, 'PO-DELIVER-1');
  await payByApi(request, buyer, order._id);
  const shipped = await request.post(`/api/orders/${order._id}/ship`, {
    headers: auth(admin),
    data: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
  });
  expect(shipped.status()).toBe(200);
  await useSession(page, admin);

  await page.goto('/dashboard/manageorder?status=shipped');
  const card = adminCard(page, 'PO-DELIVER-1');
  await expect(card.getByRole('button', { name: `Ship order of ${product.name}` })).toHaveCount(0);
  const deliver = card.getByRole('button', { name: `Mark ${product.name} as delivered` });
  await deliver.click();
  // Asked first in the shop's dialog (issue #47); Escape changes nothing and focus returns to the button.
  const asking = page.getByRole('dialog', { name: 'Mark this order as delivered?' });
  await expect(asking.getByRole('button', { name: 'Close' })).toBeFocused();
  await checkScreen(page, 'admin-deliver-confirm', () => expect(asking).toBeVisible());
  await page.keyboard.press('Escape');
  await expect(deliver).toBeFocused();
  expect(await readOrder(request, buyer, order._id)).toMatchObject({ status: 'shipped' });
  await deliver.click();
  await asking.getByRole('button', { name: 'Yes, it was delivered' }).click();
  await expectMessage(page, `${product.name} is marked delivered`);
  await expect(card).toHaveCount(0);
  expect(await readOrder(request, buyer, order._id)).toMatchObject({ status: 'delivered' });
});

test('a buyer downloads the invoice of a paid order as INV-....pdf', async ({ page, request }) => {
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-INV') });
  const buyer = await signUpByApi(request, 'Ivy Invoice');
  const paid = await placeByApi(request, buyer, product, 'PO-INV-1');
  await placeByApi(request, buyer, product, 'PO-INV-2');
  await payByApi(request, buyer, paid._id);
  const { invoiceNumber } = await readOrder(request, buyer, paid._id);
  expect(invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
  await useSession(page, buyer);

  await page.goto('/dashboard/myorder');
  // An unpaid order has no invoice yet.
  await expect(myOrderRow(page, 'PO-INV-2')).toContainText('Status: Pending payment');
  await expect(myOrderRow(page, 'PO-INV-2').getByRole('button', { name: /^Download invoice/ })).toHaveCount(0);
  const row = myOrderRow(page, 'PO-INV-1');
  await expect(row).toContainText('Status: Confirmed');
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download invoice ${invoiceNumber} of ${product.name}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  const file = readFileSync(await download.path());
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(file.length).toBeGreaterThan(1000);
});

test('a buyer cancels a pending order with a reason and its stock comes back', async ({ page, request }) => {
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-CANCEL'), availableQuantity: 10000 });
  const buyer = await signUpByApi(request, 'Cleo Cancel');
  const order = await placeByApi(request, buyer, product, 'PO-CANCEL-1');
  expect(await stockOf(request, product._id)).toBe(9000);
  await useSession(page, buyer);

  await page.goto('/dashboard/myorder');
  const row = myOrderRow(page, 'PO-CANCEL-1');
  await expect(row).toContainText('Status: Pending payment');
  await checkScreen(page, 'dashboard-myorder-lifecycle', () => expect(row).toBeVisible());
  const cancel = row.getByRole('button', { name: `Cancel order of ${product.name}` });
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(dialog.getByLabel('Reason (optional)')).toBeFocused();
  await expect(dialog).not.toContainText('refunded');
  await checkScreen(page, 'dashboard-myorder-cancel', () => expect(dialog).toBeVisible());
  // Keeping the order changes nothing.
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  expect(await readOrder(request, buyer, order._id)).toMatchObject({ status: 'pending' });

  await cancel.click();
  await dialog.getByLabel('Reason (optional)').fill('Ordered the wrong bracket');
  await dialog.getByRole('button', { name: 'Yes, cancel order' }).click();
  await expectMessage(page, `${product.name} is cancelled`);
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Status: Cancelled');
  await expect(row).toContainText('Reason: Ordered the wrong bracket');
  await expect(row.getByRole('link', { name: `pay for ${product.name}` })).toHaveCount(0);
  await expect(row.getByRole('button', { name: `Cancel order of ${product.name}` })).toHaveCount(0);
  expect(await readOrder(request, buyer, order._id)).toMatchObject({
    status: 'cancelled',
    cancelReason: 'Ordered the wrong bracket',
    refunded: false,
  });
  expect(await stockOf(request, product._id)).toBe(10000);
});

test('an admin cancels a paid order, is told it will be refunded, and the buyer sees it refunded', async ({
  page,
  browser,
  request,
}) => {
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-REFUND'), availableQuantity: 10000 });
  const buyer = await signUpByApi(request, 'Rhea Refund');
  const order = await placeByApi(request, buyer, product, 'PO-REFUND-1');
  await payByApi(request, buyer, order._id);
  await useSession(page, admin);

  await page.goto('/dashboard/manageorder?status=confirmed');
  await expect(page.getByLabel('Show orders')).toHaveValue('confirmed');
  const card = adminCard(page, 'PO-REFUND-1');
  await card.getByRole('button', { name: `Cancel order of ${product.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await expect(dialog).toContainText(`The card payment of $4,200.00 will be refunded.`);
  await checkScreen(page, 'admin-manageorder-cancel', () => expect(dialog).toBeVisible());
  await dialog.getByLabel('Reason (optional)').fill('Out of stock at the warehouse');
  await dialog.getByRole('button', { name: 'Yes, cancel order' }).click();
  await expectMessage(page, `${product.name} is cancelled`);
  await expect(card).toHaveCount(0);
  await page.getByLabel('Show orders').selectOption('cancelled');
  await expect(adminCard(page, 'PO-REFUND-1')).toContainText('PaymentPaid, refunded');
  expect(await readOrder(request, buyer, order._id)).toMatchObject({ status: 'cancelled', refunded: true });
  expect(await stockOf(request, product._id)).toBe(10000);

  const buyerContext = await browser.newContext({ baseURL: BASE_URL });
  const buyerPage = await buyerContext.newPage();
  await useSession(buyerPage, buyer);
  await buyerPage.goto('/dashboard/myorder');
  const row = myOrderRow(buyerPage, 'PO-REFUND-1');
  await expect(row).toContainText('Status: Cancelled');
  await expect(row).toContainText('Reason: Out of stock at the warehouse');
  await expect(row.getByText('Refunded', { exact: true })).toBeVisible();
  await buyerContext.close();
});

test('Mark paid asks for a reference and shows the server refusal inside its dialog', async ({ page, request }) => {
  // The shop places no on-account order until companies have net terms (B2B §5), so the list shows a real pending
  // card order as an on-account one; the mark-paid call itself goes to the real server, which refuses it (409).
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-ACCOUNT') });
  const buyer = await signUpByApi(request, 'Otto Account');
  const order = await placeByApi(request, buyer, product, 'PO-ACCOUNT-1');
  await page.route(
    (url) => url.pathname === '/api/orders/search',
    async (route) => {
      const response = await route.fetch();
      const found: { items: Order[] } = await response.json();
      const items = found.items.map((o) =>
        o._id === order._id ? { ...o, status: 'confirmed', paymentTerms: 'account', dueDate: '2026-12-31' } : o,
      );
      await route.fulfill({ response, json: { ...found, items } });
    },
  );
  await useSession(page, admin);

  await page.goto('/dashboard/manageorder');
  const card = adminCard(page, 'PO-ACCOUNT-1');
  await expect(card).toContainText('PaymentUnpaid (on account)');
  const markPaid = card.getByRole('button', { name: `Mark order of ${product.name} paid` });
  await markPaid.click();
  const dialog = page.getByRole('dialog', { name: 'Mark this order paid' });
  await expect(dialog).toContainText(`${product.name}: $4,200.00 on account from ${buyer.email}`);
  await expect(dialog.getByLabel('Payment reference')).toBeFocused();
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(dialog.getByText('Enter the payment reference', { exact: true })).toBeVisible();
  await checkScreen(page, 'admin-manageorder-mark-paid', () => expect(dialog).toBeVisible());

  await dialog.getByLabel('Payment reference').fill('BACS 2026-11-0042');
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A card order is paid by card, not marked paid');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Payment reference')).toHaveValue('BACS 2026-11-0042');
  expect(await readOrder(request, buyer, order._id)).toMatchObject({ status: 'pending', paid: false });

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(markPaid).toBeFocused();
});
