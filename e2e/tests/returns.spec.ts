// Returns (B2B §14, issue #51): a buyer asks to send back part of a delivered order from its page, sees the return in
// My Returns; the shop authorizes it in its Returns queue and receives the goods, restocking them and refunding the
// received units. axe and a 390 px look on each new screen.
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Order, Product, Return } from '@kestrel/shared';
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

const auth = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

/** Two lines of ten, paid by card, shipped and delivered: every unit may be asked back. */
async function deliveredOrderByApi(
  request: APIRequestContext,
  admin: Account,
  buyer: Account,
  products: Product[],
): Promise<Order> {
  const placed = await request.post('/api/orders', {
    headers: auth(buyer),
    data: {
      lines: products.map((product) => ({ productId: product._id, quantity: 10 })),
      phone: '+44 20 7946 0404',
      address: '3 Dock Street, Leith',
      poNumber: uniqueSku('PO-RMA'),
    },
  });
  expect(placed.status()).toBe(201);
  const { order }: { order: Order } = await placed.json();
  await payByApi(request, buyer, order._id);
  const shipped = await request.post(`/api/orders/${order._id}/ship`, {
    headers: auth(admin),
    data: { carrier: 'UPS', trackingNumber: '1Z999AA10123456785' },
  });
  expect(shipped.status()).toBe(200);
  const delivered = await request.post(`/api/orders/${order._id}/deliver`, { headers: auth(admin), data: {} });
  expect(delivered.status()).toBe(200);
  return delivered.json();
}

async function returnsByApi(request: APIRequestContext, account: Account, orderId: string): Promise<Return[]> {
  const response = await request.get(`/api/returns?orderId=${orderId}`, { headers: auth(account) });
  expect(response.status()).toBe(200);
  return response.json();
}

test('a buyer returns part of a delivered order; the shop authorizes and receives it', async ({ page, request }) => {
  const admin = await adminByApi(request);
  const kept = await createProductByApi(request, admin, { sku: uniqueSku('E2E-RMA-KEEP'), price: 5, quantity: 1 });
  const sent = await createProductByApi(request, admin, { sku: uniqueSku('E2E-RMA-SEND'), price: 4.2, quantity: 1 });
  const buyer = await signUpByApi(request, 'Rhona Returns');
  const order = await deliveredOrderByApi(request, admin, buyer, [kept, sent]);
  await useSession(page, buyer);

  await page.goto(`/dashboard/orders/${order._id}`);
  const section = page.getByRole('region', { name: 'Returns' });
  await expect(section).toContainText('No returns for this order.');
  const open = section.getByRole('button', { name: 'Return items' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: `Return items of order ${order.number}` });
  const keptLine = dialog.getByRole('group', { name: new RegExp(kept.sku) });
  const sentLine = dialog.getByRole('group', { name: new RegExp(sent.sku) });
  // The first quantity takes focus; every field is labelled within its line's group.
  await expect(keptLine.getByLabel('Quantity')).toBeFocused();
  await checkScreen(page, 'return-items-dialog', () => expect(dialog).toBeVisible());

  // Nothing chosen, then more than was delivered, then units without a reason: each said where it belongs.
  await dialog.getByRole('button', { name: 'Ask for the return' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(['a return needs at least one line']);
  await sentLine.getByLabel('Quantity').fill('11');
  await dialog.getByRole('button', { name: 'Ask for the return' }).click();
  await expect(sentLine.getByText('at most 10 can be returned')).toBeVisible();
  await expect(sentLine.getByText('reason is required')).toBeVisible();
  await expect(sentLine.getByLabel('Quantity')).toHaveAttribute('aria-invalid', 'true');

  await sentLine.getByLabel('Quantity').fill('3');
  await sentLine.getByLabel('Reason').fill('Wrong thread pitch');
  await dialog.getByLabel('Note (optional)').fill('Boxes unopened');
  await dialog.getByRole('button', { name: 'Ask for the return' }).click();
  await expect(dialog).toBeHidden();
  const [rma] = await returnsByApi(request, buyer, order._id);
  expect(rma).toMatchObject({
    status: 'requested',
    note: 'Boxes unopened',
    lines: [{ productId: sent._id, quantity: 3, reason: 'Wrong thread pitch' }],
  });
  if (!rma) throw new Error('no return');
  await expectMessage(page, `Return ${rma.number} is requested`);
  await expect(section.getByRole('row', { name: new RegExp(rma.number) })).toContainText('Requested');
  // 7 of one line and all 10 of the other can still go back, so the button stays.
  await expect(open).toBeVisible();

  // My Returns, from the sidebar.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'My Returns' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Returns');
  const mine = page.getByRole('row', { name: new RegExp(rma.number) });
  await expect(mine).toContainText(order.number);
  await expect(mine).toContainText(`3 × ${sent.sku}`);
  await expect(mine).toContainText('Reason: Wrong thread pitch');
  await checkScreen(page, 'my-returns', () => expect(mine).toBeVisible());
  await page.getByLabel('Show returns').selectOption('authorized');
  await expect(page.getByText('No returns are authorized.')).toBeVisible();
  await page.getByLabel('Show returns').selectOption('requested');
  await expect(mine).toBeVisible();

  // The shop's queue.
  await useSession(page, admin);
  await page.goto('/dashboard/manage-returns?status=requested');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Returns');
  const queued = page.getByRole('row', { name: new RegExp(rma.number) });
  await checkScreen(page, 'manage-returns', () => expect(queued).toBeVisible());
  await queued.getByRole('button', { name: `Authorize return ${rma.number}` }).click();
  await expectMessage(page, `Return ${rma.number} is authorized; the buyer is mailed where to send it`);
  await page.getByLabel('Show returns').selectOption('authorized');
  await queued.getByRole('button', { name: `Receive return ${rma.number}` }).click();
  const receiving = page.getByRole('dialog', { name: `Receive return ${rma.number}` });
  const receivedLine = receiving.getByRole('group', { name: new RegExp(sent.sku) });
  await expect(receivedLine.getByLabel('Units received')).toHaveValue('3');
  await checkScreen(page, 'receive-return-dialog', () => expect(receiving).toBeVisible());
  await receivedLine.getByLabel('Units received').fill('2');
  await receiving.getByRole('button', { name: 'Receive and refund' }).click();
  await expectMessage(page, `Return ${rma.number} is received`);
  await page.getByLabel('Show returns').selectOption('received');
  await expect(queued).toContainText('Received 2, restocked 2');
  await expect(queued).toContainText('$8.40');

  const [received] = await returnsByApi(request, admin, order._id);
  expect(received).toMatchObject({
    status: 'received',
    refundTotal: 8.4,
    lines: [{ productId: sent._id, quantity: 3, receivedQuantity: 2, restockedQuantity: 2 }],
  });
  const stock = await request.get(`/api/service/${sent._id}`);
  const product: Product = await stock.json();
  expect(product.availableQuantity).toBe(sent.availableQuantity - 10 + 2);

  // The admin's order page lists it too.
  await page.goto(`/dashboard/manage-orders/${order._id}`);
  await expect(
    page.getByRole('region', { name: 'Returns' }).getByRole('row', { name: new RegExp(rma.number) }),
  ).toContainText('Received');
});

test('a return the server refuses (its units were asked back meanwhile) is named on its line and changes nothing', async ({
  page,
  request,
}) => {
  const admin = await adminByApi(request);
  const part = await createProductByApi(request, admin, { sku: uniqueSku('E2E-RMA-RACE'), price: 3, quantity: 1 });
  const buyer = await signUpByApi(request, 'Ravi Race');
  const order = await deliveredOrderByApi(request, admin, buyer, [part]);
  await useSession(page, buyer);
  await page.goto(`/dashboard/orders/${order._id}`);
  await page.getByRole('region', { name: 'Returns' }).getByRole('button', { name: 'Return items' }).click();
  const dialog = page.getByRole('dialog', { name: `Return items of order ${order.number}` });
  const line = dialog.getByRole('group', { name: new RegExp(part.sku) });
  await line.getByLabel('Quantity').fill('6');
  await line.getByLabel('Reason').fill('Bent pins');

  // Another tab of the company asks back 8 of the 10 first: only 2 remain when this form is sent.
  const first = await request.post(`/api/orders/${order._id}/returns`, {
    headers: auth(buyer),
    data: { lines: [{ productId: part._id, quantity: 8, reason: 'Bent pins' }] },
  });
  expect(first.status()).toBe(201);
  await dialog.getByRole('button', { name: 'Ask for the return' }).click();
  await expect(dialog.getByRole('alert').first()).toBeVisible();
  await expect(line.getByText('at most 2 can be returned')).toBeVisible();
  await expect(line.getByLabel('Quantity')).toHaveAttribute('aria-invalid', 'true');
  await expect(line.getByLabel('Quantity')).toBeFocused();
  await checkScreen(page, 'return-items-refused', () => expect(dialog).toBeVisible());
  expect((await returnsByApi(request, buyer, order._id)).map((r) => r.lines[0]?.quantity)).toEqual([8]);

  await line.getByLabel('Quantity').fill('2');
  await dialog.getByRole('button', { name: 'Ask for the return' }).click();
  await expect(dialog).toBeHidden();
  expect((await returnsByApi(request, buyer, order._id)).map((r) => r.lines[0]?.quantity).sort()).toEqual([2, 8]);
});
