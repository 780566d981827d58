// B2B §11's documents, journeys and staff tools in Chromium: a card checkout lands on the Payment page, which says
// when it is paid and hands over the numbered invoice; an admin's cancel of a paid order refunds it and issues a
// credit note to download, and the admin's order page offers both documents among its actions; a visitor opens a
// product page from /products; an admin demotes another; the cart names its problem lines and is cards at phone
// width. Each screen is checked with axe at desktop and 390 px.
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Order } from '@kestrel/shared';
import {
  adminByApi,
  catalogByApi,
  createProductByApi,
  fillCartByApi,
  payByApi,
  signUpByApi,
  uniqueSku,
  useSession,
  type Account,
} from '../support/api';
import { checkScreen, expectMessage } from '../support/screens';

const auth = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

async function readOrder(request: APIRequestContext, account: Account, orderId: string): Promise<Order> {
  const response = await request.get(`/api/orders/${orderId}`, { headers: auth(account) });
  expect(response.status()).toBe(200);
  return response.json();
}

test('card checkout goes to the Payment page, which then says it is paid and hands over the invoice', async ({
  page,
  request,
}) => {
  const admin = await adminByApi(request);
  const sku = uniqueSku('E2E-PAYDOC');
  const product = await createProductByApi(request, admin, { sku, price: 2.5, quantity: 100 });
  const buyer = await signUpByApi(request, 'Paula Paid');
  await fillCartByApi(request, buyer, [{ productId: product._id, quantity: 200 }]);
  await useSession(page, buyer);

  await page.goto('/cart');
  await page.getByLabel('Phone').fill('+1 555 0142');
  await page.getByLabel('Address').fill('Unit 4, Harbour Works\n7 Quay Street');
  await page.getByLabel('Note (optional)').fill('Gate 3, mornings only');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f]{24}$/);
  const orderId = page.url().split('/').pop() ?? '';
  await expect(page.getByRole('heading', { name: `Please Pay ${product.name}` })).toBeVisible();

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  const done = page.getByRole('status').filter({ hasText: 'Congratulation your payment is completed' });
  await expect(done).toBeVisible();
  const { invoiceNumber, transactionId } = await readOrder(request, buyer, orderId);
  expect(invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
  // It no longer asks to pay: the heading, the amount and the summary say it is paid.
  await expect(page.getByRole('heading', { name: `Paid: ${product.name}` })).toBeVisible();
  await expect(page.getByText(`Please Pay ${product.name}`)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay', exact: true })).toHaveCount(0);
  await expect(page.getByText('200 pieces — amount paid: $500.00')).toBeVisible();
  await expect(done).toContainText(`Your transaction id: ${transactionId}`);
  await expect(done).toContainText(`Invoice ${invoiceNumber}`);
  await checkScreen(page, 'payment-paid', () => expect(done).toBeVisible());

  const downloading = page.waitForEvent('download');
  await done.getByRole('button', { name: `Download invoice ${invoiceNumber}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');

  // Coming back later, the page says the same, and leads to the order.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'This order is paid.' })).toContainText(
    `Invoice ${invoiceNumber}`,
  );
  await page.getByRole('link', { name: 'See your orders' }).click();
  await expect(page).toHaveURL(/\/dashboard\/myorder$/);
  await expect(page.getByText(`Invoice: ${invoiceNumber}`)).toBeVisible();
  await expect(page.getByText('Note from the buyer: Gate 3, mornings only')).toBeVisible();
});

test('an admin cancels a paid order: refunded, and its credit note downloads', async ({ page, request }) => {
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-CN'), price: 3, quantity: 100 });
  const buyer = await signUpByApi(request, 'Carl Credit');
  const placed = await request.post('/api/orders', {
    headers: auth(buyer),
    data: {
      lines: [{ productId: product._id, quantity: 300 }],
      phone: '+1 555 0177',
      address: '1 Mill Road\nLeeds',
      poNumber: 'PO-CN-E2E',
      note: 'Call before delivery',
    },
  });
  expect(placed.status()).toBe(201);
  const orderId: string = (await placed.json()).insertedId;
  await payByApi(request, buyer, orderId);
  await useSession(page, admin);

  await page.goto('/dashboard/manageorder');
  const card = page.getByRole('listitem').filter({ hasText: 'PO: PO-CN-E2E' });
  await expect(card).toContainText('Note from the buyer: Call before delivery');
  // The ship dialog shows the note too, where the parcel is packed.
  await card.getByRole('button', { name: `Ship order of ${product.name}` }).click();
  const ship = page.getByRole('dialog', { name: 'Ship this order' });
  await expect(ship).toContainText('Call before delivery');
  await ship.getByRole('button', { name: 'Mark as shipped' }).click();
  await expect(ship.getByText('Enter the carrier')).toBeVisible();
  await expect(ship.getByText('Enter the tracking number')).toBeVisible();
  await ship.getByRole('button', { name: 'Cancel' }).click();

  await card.getByRole('button', { name: `Cancel order of ${product.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  await dialog.getByLabel('Reason (optional)').fill('Customer changed plans');
  await dialog.getByRole('button', { name: 'Yes, cancel order' }).click();
  await expect(card).toContainText('Paid, refunded');
  const { creditNoteNumber, invoiceNumber } = await readOrder(request, buyer, orderId);
  expect(creditNoteNumber).toMatch(/^CN-\d{4}-\d{6}$/);
  await expect(card).toContainText(`Invoice: ${invoiceNumber}`);
  await expect(card).toContainText(`Credit note: ${creditNoteNumber}`);
  await checkScreen(page, 'manage-orders-credit-note', () => expect(card).toBeVisible());

  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: `Download credit note ${creditNoteNumber} of ${product.name}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${creditNoteNumber}.pdf`);
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');

  // The admin's order page (#47): its actions offer the invoice and the credit note, the endpoints the buyer uses.
  await page.goto(`/dashboard/manage-orders/${orderId}`);
  const actions = page.getByRole('region', { name: 'Actions' });
  const invoiceButton = actions.getByRole('button', { name: `Download invoice ${invoiceNumber} of ${product.name}` });
  const noteButton = actions.getByRole('button', {
    name: `Download credit note ${creditNoteNumber} of ${product.name}`,
  });
  await expect(invoiceButton).toBeVisible();
  await expect(noteButton).toBeVisible();
  // Offered once on the page: the Details name the documents, the actions download them.
  await expect(page.getByRole('button', { name: /^Download credit note/ })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Details' })).toContainText(`Credit note: ${creditNoteNumber}`);
  await expect(page.getByRole('region', { name: 'Documents' })).toContainText(
    `Invoice ${invoiceNumber}: download it with the actions above.`,
  );
  await checkScreen(page, 'admin-order-documents', () => expect(noteButton).toBeVisible());
  for (const [button, fileName] of [
    [invoiceButton, `${invoiceNumber}.pdf`],
    [noteButton, `${creditNoteNumber}.pdf`],
  ] as const) {
    const saving = page.waitForEvent('download');
    await button.click();
    const file = await saving;
    expect(file.suggestedFilename()).toBe(fileName);
    expect(
      readFileSync(await file.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  }
});

test('a visitor opens a product page from /products and is asked to sign in only to order', async ({
  page,
  request,
}) => {
  const { items } = await catalogByApi(request);
  const [first] = items;
  if (!first) throw new Error('the catalogue is empty');
  await page.goto('/products');
  await page.getByRole('link', { name: first.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${first._id}$`));
  await expect(page.getByRole('heading', { name: first.name, level: 1 })).toBeAttached();
  await expect(page.getByText(first.sku, { exact: true })).toBeVisible();
  const signIn = page.getByRole('link', { name: 'Sign in to order' });
  await checkScreen(page, 'product-page-visitor', () => expect(signIn).toBeVisible());
  await signIn.click();
  await expect(page).toHaveURL(/\/login$/);
});

test('an admin sees names and confirmation, is asked before promoting an unconfirmed e-mail, and demotes', async ({
  page,
  request,
}) => {
  const admin = await adminByApi(request);
  const helper = await signUpByApi(request, 'Hana Helper');
  const promoted = await request.put(`/api/user/admin/${helper.email}`, { headers: auth(admin) });
  expect(promoted.status()).toBe(200);
  const stranger = await signUpByApi(request, 'Sam Stranger');
  await useSession(page, admin);

  await page.goto('/dashboard/makeadmin');
  const helperRow = page.getByRole('row').filter({ hasText: helper.email });
  const strangerRow = page.getByRole('row').filter({ hasText: stranger.email });
  await expect(helperRow).toContainText('Hana Helper');
  await expect(strangerRow).toContainText('Sam Stranger');
  await expect(strangerRow).toContainText('Not confirmed');
  await checkScreen(page, 'make-admin', () => expect(strangerRow).toBeVisible());

  // Promoting asks first in the shop's dialog, and says when the e-mail is not confirmed; saying no changes nothing.
  await strangerRow.getByRole('button', { name: `Make Admin ${stranger.email}` }).click();
  const asking = page.getByRole('dialog', { name: `Make ${stranger.email} an administrator?` });
  await expect(asking).toContainText(`${stranger.email} has not confirmed this e-mail address`);
  await asking.getByRole('button', { name: 'Cancel' }).click();
  await expect(strangerRow.getByRole('button', { name: `Make Admin ${stranger.email}` })).toBeVisible();
  const check = await request.get(`/api/admin/${stranger.email}`, { headers: auth(admin) });
  expect(await check.json()).toEqual({ admin: false });

  await helperRow.getByRole('button', { name: `Remove admin ${helper.email}` }).click();
  await page
    .getByRole('dialog', { name: `Make ${helper.email} a customer again?` })
    .getByRole('button', { name: 'Yes, remove admin' })
    .click();
  await expectMessage(page, `${helper.email} is a customer again`);
  await expect(helperRow.getByRole('button', { name: `Make Admin ${helper.email}` })).toBeVisible();
  // Her session ended with the role.
  const hers = await request.get('/api/auth/sessions', { headers: auth(helper) });
  expect(hers.status()).toBe(401);
});

test('the cart names a problem line, leaves it out of the total, and is cards at phone width', async ({
  page,
  request,
}) => {
  const admin = await adminByApi(request);
  const sku = uniqueSku('E2E-CARDS');
  const good = await createProductByApi(request, admin, { sku, price: 2, quantity: 100 });
  const packed = await createProductByApi(request, admin, {
    sku: uniqueSku('E2E-PACK'),
    price: 5,
    quantity: 100,
    packSize: 50,
  });
  const buyer = await signUpByApi(request, 'Cora Cards');
  await fillCartByApi(request, buyer, [
    { productId: good._id, quantity: 100 },
    { productId: packed._id, quantity: 120 },
  ]);
  await useSession(page, buyer);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/cart');
  const packedRow = page.getByRole('row').filter({ hasText: packed.sku });
  await expect(packedRow).toContainText('order in packs of 50');
  await expect(page.getByTestId('cart-total')).toHaveText('$200.00');
  // Every action of every line is on the screen without scrolling sideways.
  await expect(packedRow.getByRole('button', { name: `Remove ${packed.name}` })).toBeInViewport();
  await expect(page.getByLabel(`Quantity of ${packed.name}`)).toBeInViewport();
  await checkScreen(page, 'cart-problem-lines', () => expect(packedRow).toBeVisible());
});
