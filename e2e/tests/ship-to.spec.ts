// Ship-to locations and the address book (B2B §12, docs/product.md §37) in the browser: an owner keeps the company's
// locations and limits a buyer to one, who checks out to it; a person keeps an address book and checks out to an
// entry and to a one-off address; the ship-to on the buyer's and the admin's order pages and in Manage All Orders; a
// member of a company with locations accepts a quote and orders from SPEC's order modal to a chosen location.
// Each new screen is checked with axe and at phone width.
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  adminByApi,
  createProductByApi,
  fillCartByApi,
  signUpByApi,
  uniqueSku,
  useSession,
  type Account,
} from '../support/api';
import { confirmEmailByApi, createCompanyByApi, joinByApi } from '../support/company-setup';
import { checkScreen, expectMessage } from '../support/screens';
import { BASE_URL } from '../support/settings';

const auth = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

async function pageAs(browser: Browser, account: Account): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: BASE_URL })).newPage();
  await useSession(page, account);
  return page;
}

/** Places the cart's order with the choice already made; answers the order's id (card orders go to the payment page). */
async function placeOrder(page: Page): Promise<string> {
  await page.getByLabel('Phone', { exact: true }).fill('+1 617 555 0100');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/(payment|orders)\/[0-9a-f]{24}$/);
  return page.url().split('/').pop() ?? '';
}

test('an owner keeps the locations, limits a buyer to one, who orders to it; the admin sees and finds it', async ({
  page,
  browser,
  request,
}) => {
  // Three people's screens, six of them checked at two widths.
  test.slow();
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-SHIP'), price: 2, quantity: 100 });
  const owner = await signUpByApi(request, 'Orla Owner');
  const buyer = await signUpByApi(request, 'Bram Buyer');
  await confirmEmailByApi(request, owner);
  await createCompanyByApi(request, owner, `Ship Works ${uniqueSku('S')}`);
  await joinByApi(request, owner, buyer, 'buyer');
  const plant = `Leeds plant ${uniqueSku('L')}`;
  await useSession(page, owner);

  await page.goto('/dashboard/company');
  const locations = page.getByRole('region', { name: 'Locations' });
  await expect(locations.getByText('No locations yet.')).toBeVisible();
  await locations.getByRole('button', { name: 'Add location' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add a location' });
  await dialog.getByLabel('Location name').fill(plant);
  await dialog.getByLabel('Country').selectOption('GB');
  await dialog.getByLabel('Street and number').fill('1 Mill Road');
  await dialog.getByLabel('City').fill('Leeds');
  await dialog.getByLabel('Postal code').fill('LS1 4AB');
  await dialog.getByRole('button', { name: 'Add location' }).click();
  await expect(dialog).toBeHidden();
  await expect(locations.getByRole('listitem').filter({ hasText: plant })).toContainText('LS1 4AB Leeds');

  // A US address needs its state: said next to the State select, and the dialog stays.
  await locations.getByRole('button', { name: 'Add location' }).click();
  dialog = page.getByRole('dialog', { name: 'Add a location' });
  await dialog.getByLabel('Location name').fill('Boston depot');
  await dialog.getByLabel('Street and number').fill('1 Harbor Way');
  await dialog.getByLabel('City').fill('Boston');
  await dialog.getByLabel('ZIP code').fill('02110');
  await dialog.getByRole('button', { name: 'Add location' }).click();
  await expect(dialog.getByText('address.region is required for US')).toBeVisible();
  await checkScreen(page, 'ship-to-location-form', () => expect(dialog.getByLabel('State')).toBeVisible());
  await dialog.getByLabel('State').selectOption('MA');
  await dialog.getByRole('button', { name: 'Add location' }).click();
  await expect(dialog).toBeHidden();
  const depot = locations.getByRole('listitem').filter({ hasText: 'Boston depot' });
  await expect(depot).toContainText('Boston, MA 02110');

  // The default moves; a location is renamed; the buyer is limited to the plant.
  await locations.getByRole('button', { name: 'Make Boston depot the default' }).click();
  await expectMessage(page, 'Boston depot is the default location');
  await expect(depot).toContainText('Default');
  await locations.getByRole('button', { name: 'Edit Boston depot' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Boston depot' });
  await dialog.getByLabel('Location name').fill('Boston dock');
  await dialog.getByRole('button', { name: 'Save location' }).click();
  await expect(locations.getByRole('listitem').filter({ hasText: 'Boston dock' })).toContainText('Default');
  await locations.getByRole('button', { name: `Choose ${buyer.name}'s locations` }).click();
  dialog = page.getByRole('dialog', { name: `${buyer.name}: locations` });
  await dialog.getByLabel('Every location, and any added later').uncheck();
  await dialog.getByLabel(plant).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(locations.getByRole('listitem').filter({ hasText: buyer.name })).toContainText(plant);
  await checkScreen(page, 'ship-to-company-locations', () => expect(locations.getByText('Boston dock')).toBeVisible());

  // The buyer reads the locations without the owner's controls, and checks out to the one allowed.
  const buyerPage = await pageAs(browser, buyer);
  await buyerPage.goto('/dashboard/company');
  const seen = buyerPage.getByRole('region', { name: 'Locations' });
  await expect(seen.getByText('Boston dock')).toBeVisible();
  await expect(seen.getByRole('button', { name: 'Add location' })).toHaveCount(0);
  await expect(seen.getByRole('button', { name: /^Edit / })).toHaveCount(0);
  await fillCartByApi(request, buyer, [{ productId: product._id, quantity: 100 }]);
  await buyerPage.goto('/cart');
  const shipTo = buyerPage.getByRole('group', { name: 'Ship to' });
  await expect(shipTo.getByRole('radio')).toHaveCount(1);
  await expect(shipTo.getByRole('radio', { name: plant })).toBeChecked();
  await expect(buyerPage.getByLabel('Address', { exact: true })).toHaveCount(0);
  await checkScreen(buyerPage, 'ship-to-checkout-location', () => expect(shipTo).toBeVisible());
  const orderId = await placeOrder(buyerPage);
  await buyerPage.goto(`/dashboard/orders/${orderId}`);
  const details = buyerPage.getByRole('region', { name: 'Details' });
  await expect(details.getByText('Ship to', { exact: true })).toBeVisible();
  await expect(details).toContainText('Company location');
  await expect(details).toContainText(`${plant}\n1 Mill Road\nLS1 4AB Leeds\nGB`);
  await buyerPage.context().close();

  // The owner deletes the plant: the placed order keeps its copy.
  await page.getByRole('button', { name: `Delete ${plant}` }).click();
  await page
    .getByRole('dialog', { name: `Delete ${plant}?` })
    .getByRole('button', { name: 'Delete location' })
    .click();
  await expect(locations.getByText(plant, { exact: true })).toHaveCount(0);

  // The admin finds it by the location's name in Manage All Orders, and sees the ship-to on its page.
  const adminPage = await pageAs(browser, admin);
  await adminPage.goto(`/dashboard/manageorder?q=${encodeURIComponent(plant)}`);
  const card = adminPage.getByRole('listitem').filter({ hasText: buyer.email });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Ship to');
  await expect(card).toContainText('LS1 4AB Leeds');
  await checkScreen(adminPage, 'ship-to-manage-orders', () => expect(card).toBeVisible());
  await adminPage.goto(`/dashboard/manage-orders/${orderId}`);
  await expect(adminPage.getByRole('region', { name: 'Details' })).toContainText(`${plant}\n1 Mill Road`);
  await checkScreen(adminPage, 'ship-to-admin-order', () =>
    expect(adminPage.getByRole('region', { name: 'Details' })).toBeVisible(),
  );
  await adminPage.context().close();
});

test('a person keeps an address book and checks out to an entry and to a one-off address', async ({
  page,
  request,
}) => {
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, { sku: uniqueSku('E2E-BOOK'), price: 2, quantity: 100 });
  const person = await signUpByApi(request, 'Pia Person');
  await useSession(page, person);

  await page.goto('/dashboard');
  const book = page.getByRole('region', { name: 'Address book' });
  await expect(book.getByText('No addresses yet.')).toBeVisible();
  await book.getByRole('button', { name: 'Add address' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add an address' });
  await dialog.getByLabel('Label').fill('Home');
  await dialog.getByLabel('Street and number').fill('5 Beacon St');
  await dialog.getByLabel('City').fill('Boston');
  await dialog.getByLabel('ZIP code').fill('02108');
  await dialog.getByLabel('State').selectOption('MA');
  await dialog.getByRole('button', { name: 'Add address' }).click();
  await expect(dialog).toBeHidden();
  await expect(book.getByRole('listitem').filter({ hasText: 'Home' })).toContainText('Boston, MA 02108');

  await book.getByRole('button', { name: 'Add address' }).click();
  dialog = page.getByRole('dialog', { name: 'Add an address' });
  await dialog.getByLabel('Label').fill('Berlin office');
  await dialog.getByLabel('Country').selectOption('DE');
  await expect(dialog.getByLabel('State')).toHaveCount(0);
  await dialog.getByLabel('Street and number').fill('Unter den Linden 1');
  await dialog.getByLabel('City').fill('Berlin');
  await dialog.getByLabel('Postal code').fill('10117');
  await dialog.getByRole('button', { name: 'Add address' }).click();
  await expect(dialog).toBeHidden();
  await book.getByRole('button', { name: 'Make Berlin office the default' }).click();
  await expectMessage(page, 'Berlin office is your default address');
  await book.getByRole('button', { name: 'Edit Home' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Home' });
  await dialog.getByLabel('Label').fill('Old home');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(book.getByText('Old home')).toBeVisible();
  await checkScreen(page, 'ship-to-address-book', () => expect(book.getByText('Berlin office')).toBeVisible());
  await book.getByRole('button', { name: 'Delete Old home' }).click();
  await page.getByRole('dialog', { name: 'Delete Old home?' }).getByRole('button', { name: 'Delete address' }).click();
  await expect(book.getByText('Old home')).toHaveCount(0);

  // Checkout to the default entry.
  await fillCartByApi(request, person, [{ productId: product._id, quantity: 100 }]);
  await page.goto('/cart');
  const shipTo = page.getByRole('group', { name: 'Ship to' });
  await expect(shipTo.getByRole('radio', { name: /^Berlin office \(default\)/ })).toBeChecked();
  const first = await placeOrder(page);
  await page.goto(`/dashboard/orders/${first}`);
  await expect(page.getByRole('region', { name: 'Details' })).toContainText(
    'Berlin office\nUnter den Linden 1\n10117 Berlin\nDE',
  );

  // Checkout to a one-off address: checked field by field before it leaves the browser.
  await fillCartByApi(request, person, [{ productId: product._id, quantity: 100 }]);
  await page.goto('/cart');
  await shipTo.getByRole('radio', { name: 'Another place, field by field' }).check();
  await shipTo.getByLabel('Country').selectOption('CA');
  await shipTo.getByLabel('City').fill('Toronto');
  await shipTo.getByLabel('Postal code').fill('M5V 2T6');
  await shipTo.getByLabel('Province or territory').selectOption('ON');
  await page.getByLabel('Phone', { exact: true }).fill('+1 416 555 0100');
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(shipTo.getByText('address.line1 is required')).toBeVisible();
  await checkScreen(page, 'ship-to-checkout-one-off', () => expect(shipTo.getByLabel('Country')).toBeVisible());
  await shipTo.getByLabel('Street and number').fill('200 Front St W');
  const second = await placeOrder(page);
  await page.goto(`/dashboard/orders/${second}`);
  const details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText('200 Front St W\nToronto, ON M5V 2T6\nCA');
  await expect(details).not.toContainText('Company location');
});

test('a member of a company with locations accepts a quote and orders from the order modal to a chosen location', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await adminByApi(request);
  const product = await createProductByApi(request, admin, {
    // A quote as quotes.spec.ts has it (a target price, 3.85 offered): without a target price the quote page's line
    // cards are 2 px too wide at 390 px, a quote page matter left to its owner.
    sku: uniqueSku('E2E-SHIPQ'),
    price: 4.2,
    quantity: 100,
    availableQuantity: 5000,
  });
  const owner = await signUpByApi(request, 'Lars Locations');
  const buyer = await signUpByApi(request, 'Mina Member');
  await confirmEmailByApi(request, owner);
  await createCompanyByApi(request, owner, `Dock Works ${uniqueSku('D')}`);
  await joinByApi(request, owner, buyer, 'buyer');
  const plant = `Leeds plant ${uniqueSku('L')}`;
  for (const data of [
    { name: plant, address: { line1: '1 Mill Road', city: 'Leeds', postalCode: 'LS1 4AB', country: 'GB' } },
    {
      name: 'Boston dock',
      address: { line1: '1 Harbor Way', city: 'Boston', postalCode: '02110', region: 'MA', country: 'US' },
    },
  ]) {
    const added = await request.post('/api/companies/mine/locations', { headers: auth(owner), data });
    expect(added.status()).toBe(201);
  }
  const asked = await request.post('/api/quotes', {
    headers: auth(buyer),
    data: { lines: [{ productId: product._id, quantity: 2000, targetPrice: 3.8 }] },
  });
  expect(asked.status()).toBe(201);
  const { _id: quoteId }: { _id: string } = await asked.json();
  const validUntil = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const offered = await request.post(`/api/quotes/${quoteId}/offer`, {
    headers: auth(admin),
    data: { lines: [{ productId: product._id, unitPrice: 3.85 }], validUntil },
  });
  expect(offered.status()).toBe(200);
  await useSession(page, buyer);

  // The accept dialog offers the locations, the default (the first added) preselected, and no free-text address.
  await page.goto(`/dashboard/quotes/${quoteId}`);
  await page.getByRole('button', { name: 'Accept offer' }).click();
  const accept = page.getByRole('dialog', { name: /^Accept the offer of / });
  const choice = accept.getByRole('group', { name: 'Ship to' });
  await expect(choice.getByRole('radio')).toHaveCount(2);
  await expect(choice.getByRole('radio', { name: `${plant} (default)` })).toBeChecked();
  await expect(accept.getByLabel('Address', { exact: true })).toHaveCount(0);
  await checkScreen(page, 'ship-to-quote-accept', () => expect(choice).toBeVisible());
  await choice.getByRole('radio', { name: 'Boston dock' }).check();
  await accept.getByLabel('Phone', { exact: true }).fill('+1 617 555 0100');
  await accept.getByRole('button', { name: 'Accept and place order' }).click();
  await expect(page).toHaveURL(/\/dashboard\/orders\/[0-9a-f]{24}$/);
  let details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText('Company location');
  await expect(details).toContainText('Boston dock\n1 Harbor Way\nBoston, MA 02110\nUS');

  // SPEC's order modal: the same choice in place of the Address field; the order goes to the location chosen.
  await page.goto(`/purchase/${product._id}`);
  await page.getByRole('button', { name: 'place order' }).click();
  const modal = page.getByRole('dialog', { name: `Booking for: ${product.name}` });
  const modalChoice = modal.getByRole('group', { name: 'Ship to' });
  await expect(modalChoice.getByRole('radio', { name: `${plant} (default)` })).toBeChecked();
  await expect(modal.getByLabel('Address', { exact: true })).toHaveCount(0);
  await checkScreen(page, 'ship-to-order-modal', () => expect(modalChoice).toBeVisible());
  await modal.getByLabel('Quantity').fill('100');
  await modal.getByLabel('Phone').fill('+44 113 555 0100');
  const placed = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/order',
  );
  await modal.getByRole('button', { name: 'Order' }).click();
  const response = await placed;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({ shipTo: { locationId: expect.any(String) } });
  await expectMessage(page, 'Booking is set');
  const { insertedId }: { insertedId: string } = await response.json();
  await page.goto(`/dashboard/orders/${insertedId}`);
  details = page.getByRole('region', { name: 'Details' });
  await expect(details).toContainText('Company location');
  await expect(details).toContainText(`${plant}\n1 Mill Road\nLS1 4AB Leeds\nGB`);
});
