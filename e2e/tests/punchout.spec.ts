// Punch-out (B2B §17) from a procurement system's side: a stand-in written here (a plain node http server on a free
// port) sends cXML's PunchOutSetupRequest, or signs in over OCI, opens the start page in the browser, and receives the
// cart the buyer transfers back, which is parsed and checked in exact cents. And the administrator's Punch-out
// connections: create one, its secret once, its addresses, delete it. axe and the phone width on each new screen.
import { createServer, type Server } from 'node:http';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Company, Product, PunchoutConnectionCreated } from '@kestrel/shared';
import { adminByApi, createProductByApi, signUpByApi, uniqueSku, useSession, type Account } from '../support/api';
import { createCompanyByApi, setContractPricesByApi, waitForContractPrice } from '../support/company-setup';
import { checkScreen, expectMessage } from '../support/screens';
import { BASE_URL } from '../support/settings';

const auth = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

/** What the stand-in received: each form post's fields, by the path it was posted to. */
const received = new Map<string, URLSearchParams>();
let server: Server;
let standIn = '';

test.beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.set(request.url ?? '', new URLSearchParams(body));
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end('<!DOCTYPE html><html lang="en"><title>Procurement</title><h1>Cart received</h1></html>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the stand-in is not listening');
  standIn = `http://127.0.0.1:${address.port}`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** "12.34" as 1234: the figures are compared in whole cents, never as floats. */
function cents(money: string): number {
  const match = /^(\d+)\.(\d{2})$/.exec(money);
  if (!match) throw new Error(`not dollars and cents: ${money}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

/** What the test reads of a cXML document: Chromium's own XML parser, strict (a document not well-formed is null). */
interface OrderMessage {
  payloadID: string | null;
  version: string | null;
  buyerCookie: string | null;
  operationAllowed: string | null;
  totalCurrency: string | null;
  total: string | null;
  items: Array<{ quantity: number; sku: string; productId: string; unitPrice: string; unit: string }>;
}

function readOrderMessage(page: Page, xml: string): Promise<OrderMessage | null> {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    if (doc.querySelector('parsererror')) return null;
    const at = (el: Element | Document, path: string) => el.querySelector(path)?.textContent ?? '';
    const root = doc.documentElement;
    const header = doc.querySelector('PunchOutOrderMessage > PunchOutOrderMessageHeader');
    return {
      payloadID: root.getAttribute('payloadID'),
      version: root.getAttribute('version'),
      buyerCookie: doc.querySelector('PunchOutOrderMessage > BuyerCookie')?.textContent ?? null,
      operationAllowed: header?.getAttribute('operationAllowed') ?? null,
      totalCurrency: header?.querySelector('Total > Money')?.getAttribute('currency') ?? null,
      total: header?.querySelector('Total > Money')?.textContent ?? null,
      items: Array.from(doc.querySelectorAll('PunchOutOrderMessage > ItemIn')).map((item) => ({
        quantity: Number(item.getAttribute('quantity')),
        sku: at(item, 'ItemID > SupplierPartID'),
        productId: at(item, 'ItemID > SupplierPartAuxiliaryID'),
        unitPrice: at(item, 'ItemDetail > UnitPrice > Money'),
        unit: at(item, 'ItemDetail > UnitOfMeasure'),
      })),
    };
  }, xml);
}

interface World {
  owner: Account;
  company: Company;
  bolt: Product;
  hub: Product;
}

/**
 * A company whose owner the connection acts as, and two products of the journey's own: a bolt at its list price
 * ($4.20, at least 10) and a hub at the company's contract price ($11.50 instead of $12.35, at least 5).
 */
async function world(request: APIRequestContext, admin: Account): Promise<World> {
  const owner = await signUpByApi(request, 'Petra Procurement');
  const company = await createCompanyByApi(request, owner, `Punch Co ${uniqueSku('P')}`);
  const bolt = await createProductByApi(request, admin, { sku: uniqueSku('PO-BOLT'), price: 4.2, quantity: 10 });
  const hub = await createProductByApi(request, admin, { sku: uniqueSku('PO-HUB'), price: 12.35, quantity: 5 });
  await setContractPricesByApi(request, admin, company._id, [{ productId: hub._id, price: 11.5 }]);
  await waitForContractPrice(request, owner, hub._id, 11.5);
  return { owner, company, bolt, hub };
}

async function connect(
  request: APIRequestContext,
  admin: Account,
  w: World,
  protocol: 'cxml' | 'oci',
): Promise<PunchoutConnectionCreated> {
  const response = await request.post('/api/admin/punchout', {
    headers: auth(admin),
    data: {
      name: `Buyer system ${uniqueSku('C')}`,
      protocol,
      companyId: w.company._id,
      userEmail: w.owner.email,
      ...(protocol === 'cxml' ? { identity: uniqueSku('AN') } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/** In the punch-out session: 30 bolts and 7 hubs into the cart from the catalogue's cards, then the cart. */
async function fillCart(page: Page, w: World): Promise<void> {
  const bar = page.getByRole('complementary', { name: 'Punch-out' });
  for (const [product, quantity] of [
    [w.bolt, '30'],
    [w.hub, '7'],
  ] as const) {
    await page.goto(`/products?q=${product.sku}`);
    await expect(bar).toContainText('Punch-out: you are shopping for your procurement system.');
    const card = page
      .getByRole('region', { name: 'Results' })
      .getByRole('article')
      .filter({ has: page.getByRole('link', { name: product.name, exact: true }) });
    await card.getByLabel(`Quantity of ${product.name}`).fill(quantity);
    await card.getByRole('button', { name: `Add to cart ${product.name}` }).click();
    await expectMessage(page, `${quantity} × ${product.name} added to your cart`);
  }
  await page.goto('/cart');
  await expect(page.getByTestId('cart-total')).toHaveText('$206.50');
  // The session orders nothing itself: the cart offers Transfer cart where the checkout was.
  await expect(page.getByRole('button', { name: 'Place order' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Transfer cart' })).toBeVisible();
}

test('a cXML system punches out: setup, the start page, the cart at company prices, Transfer cart back to it', async ({
  page,
  request,
}) => {
  const admin = await adminByApi(request);
  const w = await world(request, admin);
  const connection = await connect(request, admin, w, 'cxml');

  // The stand-in's PunchOutSetupRequest, as a procurement system sends it (the DTD named, never fetched).
  const setup = await fetch(connection.setupUrl, {
    method: 'POST',
    headers: { 'content-type': 'text/xml' },
    body: `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="e2e-1@stand-in" timestamp="2026-12-01T10:00:00Z" version="1.2.014"><Header>
<From><Credential domain="NetworkID"><Identity>${connection.identity}</Identity></Credential></From>
<To><Credential domain="DUNS"><Identity>kestrel</Identity></Credential></To>
<Sender><Credential domain="NetworkID"><Identity>${connection.identity}</Identity>
<SharedSecret>${connection.sharedSecret}</SharedSecret></Credential><UserAgent>stand-in</UserAgent></Sender>
</Header><Request><PunchOutSetupRequest operation="create"><BuyerCookie>e2e-cookie-7</BuyerCookie>
<BrowserFormPost><URL>${standIn}/cxml-return</URL></BrowserFormPost></PunchOutSetupRequest></Request></cXML>`,
  });
  expect(setup.status).toBe(200);
  const startUrl = /<StartPage>\s*<URL>([^<]+)<\/URL>/.exec(await setup.text())?.[1] ?? '';
  expect(startUrl).toMatch(new RegExp(`^${BASE_URL}/punchout/start/[A-Za-z0-9_-]+$`));

  await page.goto(startUrl);
  await expect(page).toHaveURL(`${BASE_URL}/products`);
  const bar = page.getByRole('complementary', { name: 'Punch-out' });
  await checkScreen(page, 'punchout-bar', () =>
    expect(bar.getByRole('button', { name: 'Transfer cart' })).toBeVisible(),
  );
  // The start link works once.
  const second = await request.post('/api/punchout/session', { data: { startToken: startUrl.split('/').pop() } });
  expect(second.status()).toBe(401);

  await fillCart(page, w);
  // The purchase page offers no order of its own either.
  await page.goto(`/purchase/${w.bolt._id}`);
  await expect(
    page.getByText('Your procurement system places the order: add to the cart, then transfer it.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'place order' })).toHaveCount(0);
  await page.goto('/cart');
  await checkScreen(page, 'punchout-cart', () =>
    expect(page.getByRole('main').getByRole('button', { name: 'Transfer cart' })).toBeVisible(),
  );
  await page.getByRole('main').getByRole('button', { name: 'Transfer cart' }).click();

  // The transfer page posts the form to the system; the browser ends on the stand-in's answer.
  await expect(page.getByRole('heading', { name: 'Cart received' })).toBeVisible();
  expect(page.url()).toBe(`${standIn}/cxml-return`);
  const form = received.get('/cxml-return');
  expect([...(form?.keys() ?? [])]).toEqual(['cxml-urlencoded']);
  const message = await readOrderMessage(page, form?.get('cxml-urlencoded') ?? '');
  if (!message) throw new Error('the PunchOutOrderMessage is not well-formed XML');
  expect(message.payloadID).toMatch(/@127\.0\.0\.1:\d+$/);
  expect(message.version).toBeTruthy();
  expect(message.buyerCookie).toBe('e2e-cookie-7');
  expect(message.operationAllowed).toBe('edit');
  expect(message.totalCurrency).toBe('USD');
  const lines = message.items.map(({ unitPrice, ...line }) => ({ ...line, unitCents: cents(unitPrice) }));
  expect(lines.sort((a, b) => a.unitCents - b.unitCents)).toEqual([
    { sku: w.bolt.sku, productId: w.bolt._id, quantity: 30, unitCents: 420, unit: 'EA' },
    { sku: w.hub.sku, productId: w.hub._id, quantity: 7, unitCents: 1150, unit: 'EA' },
  ]);
  // The Total is the sum of the lines: 30 × $4.20 + 7 × $11.50 = $206.50.
  expect(cents(message.total ?? '')).toBe(20650);

  // The start link, opened again, says it is spent.
  await page.goto(startUrl);
  await expect(page.getByRole('alert')).toHaveText(
    'This punch-out link is unknown, expired or already used. Start the punch-out again from your procurement system.',
  );
  await checkScreen(page, 'punchout-start-used', () => expect(page.getByRole('alert')).toBeVisible());

  // The transfer ended the session and emptied the cart.
  const me = await request.get('/api/cart', { headers: auth(w.owner) });
  expect((await me.json()).lines).toEqual([]);
});

test('an OCI system signs in with HOOK_URL and gets the NEW_ITEM fields back', async ({ page, request }) => {
  const admin = await adminByApi(request);
  const w = await world(request, admin);
  const connection = await connect(request, admin, w, 'oci');
  const signIn = new URL(connection.setupUrl);
  signIn.search = new URLSearchParams({
    USERNAME: w.owner.email,
    PASSWORD: connection.sharedSecret,
    HOOK_URL: `${standIn}/oci-hook?session=42`,
    '~TARGET': '_top',
  }).toString();

  // The system opens its sign-in address in the buyer's browser; the shop redirects to the start page.
  await page.goto(signIn.href);
  await expect(page).toHaveURL(`${BASE_URL}/products`);
  await fillCart(page, w);
  await page.getByRole('complementary', { name: 'Punch-out' }).getByRole('button', { name: 'Transfer cart' }).click();

  await expect(page.getByRole('heading', { name: 'Cart received' })).toBeVisible();
  const form = received.get('/oci-hook?session=42');
  expect(form).toBeDefined();
  const line = (n: number) =>
    Object.fromEntries(
      [...(form?.entries() ?? [])]
        .filter(([name]) => name.endsWith(`[${n}]`))
        .map(([name, value]) => [name.replace(`[${n}]`, ''), value]),
    );
  const [first = {}, second = {}] = [line(1), line(2)].sort((a, b) =>
    String(a['NEW_ITEM-VENDORMAT']).localeCompare(String(b['NEW_ITEM-VENDORMAT'])),
  );
  const expected = (product: Product, quantity: string, price: string) => ({
    'NEW_ITEM-DESCRIPTION': product.name,
    'NEW_ITEM-QUANTITY': quantity,
    'NEW_ITEM-UNIT': 'EA',
    'NEW_ITEM-PRICE': price,
    'NEW_ITEM-PRICEUNIT': '1',
    'NEW_ITEM-CURRENCY': 'USD',
    'NEW_ITEM-VENDORMAT': product.sku,
    'NEW_ITEM-EXT_PRODUCT_ID': product._id,
  });
  expect(first).toMatchObject(expected(w.bolt, '30', '4.20'));
  expect(second).toMatchObject(expected(w.hub, '7', '11.50'));
  expect(line(3)).toEqual({});
  const total = [first, second].reduce(
    (sum, l) => sum + Number(l['NEW_ITEM-QUANTITY']) * cents(String(l['NEW_ITEM-PRICE'])),
    0,
  );
  expect(total).toBe(20650);
});

test('the administrator adds a connection, sees its secret once with its addresses, and deletes it', async ({
  page,
  context,
  request,
}) => {
  const admin = await adminByApi(request);
  const owner = await signUpByApi(request, 'Otto Owner');
  const company = await createCompanyByApi(request, owner, `Connect Co ${uniqueSku('P')}`);
  const outsider = await signUpByApi(request, 'Olga Outsider');
  await useSession(page, admin);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  const name = `Ariba ${uniqueSku('N')}`;
  const identity = uniqueSku('AN');

  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Dashboard' })
    .getByRole('link', { name: 'Punch-out connections' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/punchout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Punch-out connections' })).toBeVisible();

  // The shared schema's words, each next to its field, before anything is sent.
  await page.getByRole('button', { name: 'Add connection' }).click();
  await expectMessage(page, 'name is required');
  await expectMessage(page, 'Choose a company');
  await expectMessage(page, 'userEmail must be an e-mail address');
  await expectMessage(page, 'identity is required for a cXML connection (the From/Sender identity its system sends)');

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Company', { exact: true }).selectOption({ label: company.name });
  const email = page.getByLabel('Acts as (e-mail of an owner or buyer of the company)');
  await email.fill(outsider.email);
  await page.getByLabel('cXML identity (the From/Sender identity the system sends)').fill(identity);
  await page.getByRole('button', { name: 'Add connection' }).click();
  // The server's refusal, next to the field it names.
  await expect(email).toHaveAccessibleDescription('userEmail must be an owner or buyer of that company');
  await expect(email).toBeFocused();
  await checkScreen(page, 'punchout-connections-form', () => expect(email).toHaveAttribute('aria-invalid', 'true'));

  await email.fill(owner.email);
  await page.getByRole('button', { name: 'Add connection' }).click();
  const secretBox = page.getByLabel(`Shared secret of ${name}`);
  await expect(secretBox).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
  const secret = await secretBox.inputValue();
  const notice = page.getByRole('status').filter({ has: secretBox });
  await expect(notice).toContainText('The shared secret is shown only once');
  await expect(notice).toContainText(`${BASE_URL}/punchout/cxml/setup`);
  await expect(notice).toContainText(`${BASE_URL}/punchout/cxml/order`);
  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await checkScreen(page, 'punchout-connections-secret', () => expect(secretBox).toBeVisible());

  // Dismissed, the secret is nowhere: not on the page, not in the list's answer.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(secretBox).toHaveCount(0);
  const item = page
    .getByRole('list', { name: 'Punch-out connections' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(item).toContainText(`${company.name}, acting as ${owner.email}`);
  await expect(item).toContainText(`${BASE_URL}/punchout/cxml/setup`);
  await expect(item).toContainText(identity);
  await expect(page.getByText(secret)).toHaveCount(0);
  const listed = await request.get('/api/admin/punchout', { headers: auth(admin) });
  expect(await listed.text()).not.toContain(secret);

  // Delete, through the shop's confirm dialog.
  await item.getByRole('button', { name: `Delete ${name}` }).click();
  const asking = page.getByRole('dialog', { name: `Delete the connection ${name}?` });
  await checkScreen(page, 'punchout-connections-delete', () => expect(asking).toBeVisible());
  await asking.getByRole('button', { name: 'Yes, delete it' }).click();
  await expectMessage(page, `Connection ${name} deleted`);
  await expect(item).toHaveCount(0);
  const after: Array<{ name: string }> = await (
    await request.get('/api/admin/punchout', { headers: auth(admin) })
  ).json();
  expect(after.map((c) => c.name)).not.toContain(name);
});
