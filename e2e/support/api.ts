// Direct calls to the backend for setting up a journey's preconditions (accounts, orders) quickly and exactly.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { AuthResponse, CatalogPage, Product, ProductCreate } from '@kestrel/shared';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './settings';

export interface Account {
  name: string;
  email: string;
  password: string;
  token: string;
}

/** What GET /api/service answers per product (the shared contract). */
export type { Product } from '@kestrel/shared';

let counter = 0;
/** E-mail addresses unique within and across runs. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@kestrel.test`;
}

export async function signUpByApi(request: APIRequestContext, name = 'Dana Customer'): Promise<Account> {
  const email = uniqueEmail('customer');
  const password = 'customer-pass-1';
  const response = await request.post('/api/auth/signup', { data: { name, email, password } });
  expect(response.status()).toBe(201);
  const body: AuthResponse = await response.json();
  return { name, email, password, token: body.token };
}

export async function adminByApi(request: APIRequestContext): Promise<Account> {
  const response = await request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(response.status()).toBe(200);
  const body: AuthResponse = await response.json();
  return { name: body.user.name, email: ADMIN_EMAIL, password: ADMIN_PASSWORD, token: body.token };
}

export async function listProducts(request: APIRequestContext): Promise<Product[]> {
  const response = await request.get('/api/service');
  expect(response.status()).toBe(200);
  return response.json();
}

/** GET /api/catalog with a query string such as `q=fan&category=Cooling` (what the catalogue page shows for it). */
export async function catalogByApi(request: APIRequestContext, search = ''): Promise<CatalogPage> {
  const response = await request.get(`/api/catalog${search ? `?${search}` : ''}`);
  expect(response.status()).toBe(200);
  return response.json();
}

/** A SKU no other product or run has: upper-case letters, digits and dashes. */
export function uniqueSku(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`.toUpperCase();
}

/** A product of the journey's own, so editing it never changes what another journey expects of the demo catalogue. */
export async function createProductByApi(
  request: APIRequestContext,
  admin: Account,
  overrides: Partial<ProductCreate> = {},
): Promise<Product> {
  // A picture the shop really has: a demo product's.
  const [sample] = (await catalogByApi(request, 'pageSize=1')).items;
  const body: ProductCreate = {
    name: `Kestrel Test Bracket ${uniqueSku('N')}`,
    price: 4.2,
    description: 'Low-profile PCIe bracket, zinc-plated steel.',
    img: sample?.img ?? '/favicon.svg',
    quantity: 1000,
    availableQuantity: 10000,
    ...overrides,
  };
  const auth = { Authorization: `Bearer ${admin.token}` };
  const created = await request.post('/api/service', { headers: auth, data: body });
  expect(created.status()).toBe(201);
  const { insertedId }: { insertedId: string } = await created.json();
  const response = await request.get(`/api/service/${insertedId}`);
  expect(response.status()).toBe(200);
  return response.json();
}

export async function orderByApi(
  request: APIRequestContext,
  account: Account,
  order: { productId: string; inputQuantity: number; phone: string; address: string },
): Promise<{ _id: string }> {
  const response = await request.post('/api/order', {
    data: order,
    headers: { Authorization: `Bearer ${account.token}` },
  });
  expect(response.status()).toBe(201);
  const body: { insertedId: string } = await response.json();
  return { _id: body.insertedId };
}

/** Sets the account's cart to these lines, as the cart page would save them. */
export async function fillCartByApi(
  request: APIRequestContext,
  account: Account,
  lines: Array<{ productId: string; quantity: number }>,
): Promise<void> {
  const response = await request.put('/api/cart', {
    headers: { Authorization: `Bearer ${account.token}` },
    data: { lines },
  });
  expect(response.status()).toBe(200);
}

/** Opens the shop already signed in, the way a returning visitor with a stored token arrives. */
export async function useSession(page: Page, account: Account): Promise<void> {
  await page.addInitScript((token) => window.localStorage.setItem('accessToken', token), account.token);
}

/** Pays an order the way the payment page does, with the sandbox's 4242 card: intent, card, then the order. */
export async function payByApi(request: APIRequestContext, account: Account, orderId: string): Promise<string> {
  const headers = { Authorization: `Bearer ${account.token}` };
  const intent = await request.post('/api/create-payment-intent', { headers, data: { orderId } });
  expect(intent.status()).toBe(200);
  const { clientSecret }: { clientSecret: string } = await intent.json();
  const card = { clientSecret, cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' };
  const confirmed = await request.post('/api/sandbox/confirm', { data: card });
  expect(confirmed.status()).toBe(200);
  const { id }: { id: string } = await confirmed.json();
  const paid = await request.patch(`/api/orders/${orderId}`, { headers, data: { transactionId: id } });
  expect(paid.status()).toBe(200);
  return id;
}
