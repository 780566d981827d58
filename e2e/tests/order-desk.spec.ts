// The order desk (B2B §11): the admin finds an order by its PO number in Manage All Orders and opens its page; the
// buyer finds it in My Order by its number and opens theirs; both pages pass axe and fit a 390 px phone, as do the
// lists with their search.
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Order, Product } from '@kestrel/shared';
import { adminByApi, createProductByApi, signUpByApi, uniqueSku, useSession, type Account } from '../support/api';
import { confirmEmailByApi, createCompanyByApi } from '../support/company-setup';
import { checkScreen } from '../support/screens';

async function placeByApi(request: APIRequestContext, buyer: Account, product: Product, poNumber: string) {
  const response = await request.post('/api/orders', {
    headers: { Authorization: `Bearer ${buyer.token}` },
    data: {
      lines: [{ productId: product._id, quantity: 1000 }],
      phone: '+44 20 7946 0404',
      address: '3 Mill Lane\nDerby',
      poNumber,
      note: 'Deliver to dock 4',
    },
  });
  expect(response.status()).toBe(201);
  const { order }: { order: Order } = await response.json();
  return order;
}

test('the admin finds an order by its PO number and opens its page', async ({ page, request }) => {
  const admin = await adminByApi(request);
  const buyer = await signUpByApi(request, 'Olive Desk');
  const product = await createProductByApi(request, admin, { sku: uniqueSku('KC-DESK'), price: 2.5 });
  const poNumber = uniqueSku('PO-DESK');
  const order = await placeByApi(request, buyer, product, poNumber);
  expect(order.number).toMatch(/^SO-\d{4}-\d{6}$/);

  await useSession(page, admin);
  await page.goto('/dashboard/manageorder');
  await page.getByLabel('Search orders').fill(poNumber.toLowerCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/manageorder\\?q=${poNumber.toLowerCase()}$`));
  const cards = page.getByRole('list', { name: 'Orders' }).locator(':scope > li');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(`PO: ${poNumber}`);
  // The address keeps its line break on the card, as on the order page and the documents.
  expect(await cards.first().getByText('3 Mill Lane').innerText()).toBe('3 Mill Lane\nDerby');
  await expect(page.getByText('Orders 1-1 of 1 (page 1 of 1)')).toBeVisible();
  await checkScreen(page, 'admin-manageorder-search', () => expect(cards).toHaveCount(1));

  await cards
    .first()
    .getByRole('link', { name: `Open order ${order.number}` })
    .click();
  await expect(page).toHaveURL(`/dashboard/manage-orders/${order._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.number}`);
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText(poNumber);
  await expect(details).toContainText('Olive Desk');
  await expect(details).toContainText('Deliver to dock 4');
  expect(await details.getByText('3 Mill Lane').innerText()).toBe('3 Mill Lane\nDerby');
  const lines = page.getByRole('region', { name: 'Lines' });
  await expect(lines.getByRole('row').nth(1)).toContainText(`${product.sku}${product.name}1,000$2.50$2,500.00`);
  await expect(
    page.getByRole('region', { name: 'Actions' }).getByRole('button', { name: /Cancel order/ }),
  ).toBeVisible();
  await checkScreen(page, 'admin-order-page', () =>
    expect(page.getByRole('heading', { name: `Order ${order.number}` })).toBeVisible(),
  );
});

// Issue 47: the order desk's search also matches the start of the ordering company's name, in any case, so the admin
// finds a firm's orders by the name the caller on the phone gives.
test("the admin finds a company's order by the start of the company's name", async ({ page, request }) => {
  const admin = await adminByApi(request);
  const owner = await signUpByApi(request, 'Rhea Firm');
  await confirmEmailByApi(request, owner);
  const firm = uniqueSku('Quayside Fittings').replace(/-/g, ' ');
  await createCompanyByApi(request, owner, firm);
  const product = await createProductByApi(request, admin, { sku: uniqueSku('KC-FIRM'), price: 1.5 });
  const poNumber = uniqueSku('PO-FIRM');
  const order = await placeByApi(request, owner, product, poNumber);

  await useSession(page, admin);
  await page.goto('/dashboard/manageorder');
  // The first words of the name, typed in lower case: the firm's one order, not the name of a person.
  const typed = firm.split(' ').slice(0, 3).join(' ').toLowerCase();
  // The box says it matches a company too (My Order, a buyer's own orders, keeps its shorter hint).
  await expect(page.getByLabel('Search orders')).toHaveAttribute(
    'placeholder',
    'Order number, PO, e-mail, SKU, name or company',
  );
  await page.getByLabel('Search orders').fill(typed);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const cards = page.getByRole('list', { name: 'Orders' }).locator(':scope > li');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(`PO: ${poNumber}`);
  await expect(page.getByText('Orders 1-1 of 1 (page 1 of 1)')).toBeVisible();
  await checkScreen(page, 'admin-manageorder-company-search', () => expect(cards).toHaveCount(1));
  await cards
    .first()
    .getByRole('link', { name: `Open order ${order.number}` })
    .click();
  await expect(page).toHaveURL(`/dashboard/manage-orders/${order._id}`);
});

test('the buyer finds their order by its number in My Order and opens its page', async ({ page, request }) => {
  const admin = await adminByApi(request);
  const buyer = await signUpByApi(request, 'Pia Buyer');
  const product = await createProductByApi(request, admin, { sku: uniqueSku('KC-MINE'), price: 3 });
  const first = await placeByApi(request, buyer, product, uniqueSku('PO-A'));
  const second = await placeByApi(request, buyer, product, uniqueSku('PO-B'));

  await useSession(page, buyer);
  await page.goto('/dashboard/myorder');
  await expect(page.getByLabel('Search orders')).toHaveAttribute(
    'placeholder',
    'Order number, PO, e-mail, SKU or name',
  );
  // Newest first: the second order heads the list.
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText(second.number);
  await expect(rows.nth(2)).toContainText(first.number);
  await page.getByLabel('Search orders').fill(first.number.toLowerCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(rows).toHaveCount(2);
  await checkScreen(page, 'dashboard-myorder-search', async () => {
    await expect(rows.nth(1)).toContainText(first.number);
    // At phone width the row is a card whose actions stay on screen.
    await expect(rows.nth(1).getByRole('link', { name: `pay for ${first.itemName}` })).toBeInViewport();
  });

  await rows
    .nth(1)
    .getByRole('link', { name: `Open order ${first.number}` })
    .click();
  await expect(page).toHaveURL(`/dashboard/orders/${first._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Order ${first.number}`);
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Pending payment');
  await expect(page.getByRole('region', { name: 'Actions' }).getByRole('link', { name: /pay for/ })).toBeVisible();
  await checkScreen(page, 'dashboard-order-page', () =>
    expect(page.getByRole('heading', { name: `Order ${first.number}` })).toBeVisible(),
  );

  // Another buyer's order does not exist for them.
  const stranger = await signUpByApi(request, 'Quinn Other');
  const other = await placeByApi(request, stranger, product, uniqueSku('PO-X'));
  await page.goto(`/dashboard/orders/${other._id}`);
  await expect(page.getByRole('alert')).toHaveText('Order not found');
});
