// B2B §14 on screen: the admin ships an order in two parts from its page (a quantity per line, every remaining unit by
// default), marks each shipment delivered on its own, and the buyer's order page lists both shipments with their
// tracking; an admin cancels the unshipped rest of another, and both pages show its credit note and the partial
// refund. axe and a 390 px look at the ship and cancel dialogs and both order pages.
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Order, Product } from '@kestrel/shared';
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

async function placeByApi(request: APIRequestContext, buyer: Account, products: Product[]): Promise<Order> {
  const response = await request.post('/api/orders', {
    headers: auth(buyer),
    data: {
      lines: products.map((p) => ({ productId: p._id, quantity: 1000 })),
      phone: '+44 20 7946 0404',
      address: '9 Wharf Road, Hull',
      poNumber: 'PO-PARTS-1',
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { order: Order }).order;
}

async function readOrder(request: APIRequestContext, account: Account, orderId: string): Promise<Order> {
  const response = await request.get(`/api/orders/${orderId}`, { headers: auth(account) });
  expect(response.status()).toBe(200);
  return response.json();
}

test('the admin ships an order in two parts and delivers each; the buyer sees both shipments', async ({
  page,
  browser,
  request,
}) => {
  const admin = await adminByApi(request);
  const bolts = await createProductByApi(request, admin, { sku: uniqueSku('E2E-PART-A'), name: 'Shipment Bolt' });
  const nuts = await createProductByApi(request, admin, { sku: uniqueSku('E2E-PART-B'), name: 'Shipment Nut' });
  const buyer = await signUpByApi(request, 'Pat Parts');
  const order = await placeByApi(request, buyer, [bolts, nuts]);
  await payByApi(request, buyer, order._id);

  await useSession(page, admin);
  await page.goto(`/dashboard/manage-orders/${order._id}`);
  await expect(page.getByRole('region', { name: 'Shipments' })).toContainText('Nothing has shipped yet.');
  await page.getByRole('button', { name: /^Ship order of/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Ship this order' });
  const boltUnits = dialog.getByLabel(`${bolts.sku} Shipment Bolt`);
  const nutUnits = dialog.getByLabel(`${nuts.sku} Shipment Nut`);
  // Every unit not yet shipped, by default.
  await expect(boltUnits).toHaveValue('1000');
  await expect(nutUnits).toHaveValue('1000');
  await boltUnits.fill('1001');
  await expect(dialog.getByText('At most 1,000', { exact: true })).toBeVisible();
  await boltUnits.fill('400');
  await nutUnits.fill('0');
  await dialog.getByLabel('Carrier').fill('DHL Express');
  await dialog.getByLabel('Tracking number').fill('JD-PART-1');
  await checkScreen(page, 'admin-order-ship-part', () => expect(dialog).toBeVisible());
  await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
  await expectMessage(page, `Shipment ${order.number}-S1 is on its way`);
  await expect(dialog).toBeHidden();

  const shipments = page.getByRole('list', { name: `Shipments of order ${order.number}` });
  const first = shipments.locator(':scope > li').filter({ hasText: `Shipment ${order.number}-S1` });
  await expect(first).toContainText('Shipment Bolt: 400 pc');
  await expect(first).toContainText('JD-PART-1');
  await expect(first).toContainText('DeliveredNot yet');
  await expect(page.getByText('Partly shipped').first()).toBeVisible();
  await first.getByRole('button', { name: `Mark shipment ${order.number}-S1 delivered` }).click();
  await expectMessage(page, `Shipment ${order.number}-S1 is marked delivered`);
  await expect(first.getByRole('button')).toHaveCount(0);
  expect((await readOrder(request, admin, order._id)).status).toBe('partially_shipped');

  // The rest: the dialog now offers what remains.
  await page.getByRole('button', { name: /^Ship order of/ }).click();
  await expect(boltUnits).toHaveValue('600');
  await expect(nutUnits).toHaveValue('1000');
  await dialog.getByLabel('Carrier').fill('UPS');
  await dialog.getByLabel('Tracking number').fill('1Z-PART-2');
  await dialog.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(dialog).toBeHidden();
  const second = shipments.locator(':scope > li').filter({ hasText: `Shipment ${order.number}-S2` });
  await expect(second).toContainText('Shipment Bolt: 600 pc');
  await expect(second).toContainText('Shipment Nut: 1,000 pc');
  await checkScreen(page, 'admin-order-shipments', () => expect(second).toBeVisible());
  await second.getByRole('button', { name: `Mark shipment ${order.number}-S2 delivered` }).click();
  await expectMessage(page, `Shipment ${order.number}-S2 is marked delivered`);
  await expect.poll(async () => (await readOrder(request, admin, order._id)).status).toBe('delivered');

  // The buyer's page lists both shipments, with no delivery buttons of its own per shipment.
  const buyerContext = await browser.newContext({ baseURL: BASE_URL });
  const buyerPage = await buyerContext.newPage();
  await useSession(buyerPage, buyer);
  await buyerPage.goto(`/dashboard/orders/${order._id}`);
  const list = buyerPage.getByRole('list', { name: `Shipments of order ${order.number}` });
  await expect(list.locator(':scope > li')).toHaveCount(2);
  await expect(list).toContainText('1Z-PART-2');
  await expect(list.getByRole('button')).toHaveCount(0);
  await checkScreen(buyerPage, 'buyer-order-shipments', () => expect(list).toBeVisible());
  await buyerContext.close();
});

test('the admin cancels the unshipped rest of a paid order; both pages show the credit note and the partial refund', async ({
  page,
  browser,
  request,
}) => {
  const admin = await adminByApi(request);
  const fans = await createProductByApi(request, admin, {
    sku: uniqueSku('E2E-REST'),
    name: 'Rest Fan',
    price: 2,
    quantity: 1,
  });
  const buyer = await signUpByApi(request, 'Rita Rest');
  const order = await placeByApi(request, buyer, [fans]); // 1,000 at $2.00
  await payByApi(request, buyer, order._id);
  const shipped = await request.post(`/api/orders/${order._id}/shipments`, {
    headers: auth(admin),
    data: { lines: [{ productId: fans._id, quantity: 400 }], carrier: 'DHL', trackingNumber: 'JD-REST-1' },
  });
  expect(shipped.status()).toBe(200);

  await useSession(page, admin);
  await page.goto(`/dashboard/manage-orders/${order._id}`);
  await page.getByRole('button', { name: `Cancel order of ${order.itemName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel the unshipped units?' });
  await expect(dialog).toContainText(
    `The 600 units of order ${order.number} not yet shipped will be cancelled and go back into stock; what has shipped stays. A credit note for them, with their tax, is issued and refunded to the card.`,
  );
  await dialog.getByLabel('Reason (optional)').fill('Fan model discontinued');
  await checkScreen(page, 'admin-order-cancel-rest', () => expect(dialog).toBeVisible());
  await dialog.getByRole('button', { name: 'Yes, cancel them' }).click();
  await expectMessage(page, `The unshipped units of ${order.number} are cancelled`);

  const after = await readOrder(request, admin, order._id);
  expect([after.status, after.refundedTotal, after.lines[0]?.cancelledQuantity]).toEqual(['shipped', 1200, 600]);
  const [note] = after.creditNotes;
  if (!note) throw new Error('no credit note');
  await expect(page.getByText('Shipped', { exact: true }).first()).toBeVisible();
  // Each line says what shipped and what was cancelled.
  const lines = page.getByRole('region', { name: 'Order lines' });
  await expect(lines.locator('tbody [data-label="Shipped"]')).toHaveText('400');
  await expect(lines.locator('tbody [data-label="Cancelled"]')).toHaveText('600');
  const documents = page.getByRole('region', { name: 'Documents' });
  await expect(documents.getByRole('list', { name: `Credit notes of order ${order.number}` })).toContainText(
    `${note.number}Cancelled units,`,
  );
  await expect(documents).toContainText('$1,200.00');
  await expect(documents).toContainText('Credited in all: $1,200.00, refunded to the card paid with');
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('Paid, partly refunded');
  const noteButton = page
    .getByRole('region', { name: 'Actions' })
    .getByRole('button', { name: `Download credit note ${note.number} of ${order.itemName}` });
  const saving = page.waitForEvent('download');
  await noteButton.click();
  expect((await saving).suggestedFilename()).toBe(`${note.number}.pdf`);
  await checkScreen(page, 'admin-order-rest-cancelled', () => expect(documents).toBeVisible());

  const buyerContext = await browser.newContext({ baseURL: BASE_URL });
  const buyerPage = await buyerContext.newPage();
  await useSession(buyerPage, buyer);
  await buyerPage.goto(`/dashboard/orders/${order._id}`);
  await expect(buyerPage.getByRole('region', { name: 'Actions' }).getByText('Partly refunded')).toBeVisible();
  await expect(buyerPage.getByRole('region', { name: 'Details' })).toContainText(`Credit note: ${note.number}`);
  await expect(buyerPage.getByRole('region', { name: 'Details' })).toContainText('Reason: Fan model discontinued');
  await expect(buyerPage.getByRole('region', { name: 'Documents' })).toContainText(
    'Credited in all: $1,200.00, refunded to the card paid with',
  );
  await checkScreen(buyerPage, 'buyer-order-rest-cancelled', () =>
    expect(buyerPage.getByRole('region', { name: 'Documents' })).toBeVisible(),
  );
  await buyerContext.close();
});
