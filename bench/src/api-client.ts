// The few calls the bench makes to set a scene: sign customers up, log the admin in, add a product, give a company
// contract prices.
import { setTimeout as sleep } from 'node:timers/promises';
import { BENCH_ADMIN } from './target.js';

async function call(origin: string, method: string, path: string, body?: unknown, token?: string): Promise<unknown> {
  let res = await send(origin, method, path, body, token);
  // Sign-up and login are rate-limited per address (docs/product.md §3); wait out the window once rather than fail.
  if (res.status === 429) {
    const seconds = Math.min(Number(res.headers.get('retry-after') ?? '60') || 60, 65);
    await res.arrayBuffer();
    console.log(`[bench] ${path} rate-limited, waiting ${seconds} s`);
    await sleep(seconds * 1000);
    res = await send(origin, method, path, body, token);
  }
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

function send(origin: string, method: string, path: string, body: unknown, token: string | undefined) {
  return fetch(origin + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** A property of a parsed JSON answer, or undefined. */
export function read(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? Object.getOwnPropertyDescriptor(value, name)?.value : undefined;
}

function field(value: unknown, name: string): string {
  const found = read(value, name);
  if (typeof found === 'string') return found;
  throw new Error(`answer has no string ${name}: ${JSON.stringify(value).slice(0, 200)}`);
}

export async function signUpCustomers(origin: string, count: number, label: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const body = {
      name: `Bench Customer ${i}`,
      email: `bench-${label}-${i}@kestrel.test`,
      password: `bench-pass-${i}`,
    };
    tokens.push(field(await call(origin, 'POST', '/api/auth/signup', body), 'token'));
  }
  return tokens;
}

export async function logInAdmin(origin: string): Promise<string> {
  return field(await call(origin, 'POST', '/api/auth/login', BENCH_ADMIN), 'token');
}

/** `POST /api/service` (admin): the body as the product takes it; answers the new product's id. */
export async function createProduct(origin: string, adminToken: string, product: object): Promise<string> {
  return field(await call(origin, 'POST', '/api/service', product, adminToken), 'insertedId');
}

/** A product with minimum 1 and enough stock that no bench run can exhaust it. */
export async function addBenchProduct(origin: string, adminToken: string, stock = 10_000_000): Promise<string> {
  const product = {
    name: 'Bench Load Part',
    price: 19.99,
    description: 'A product created by the bench so orders never run out of stock.',
    img: '/bench-part.png',
    quantity: 1,
    availableQuantity: stock,
  };
  return createProduct(origin, adminToken, product);
}

/** The newest product of the catalogue (`GET /api/service?sort=newest&limit=1`): its id and minimum order. */
export async function newestProduct(origin: string): Promise<{ id: string; minimum: number }> {
  const list = await call(origin, 'GET', '/api/service?sort=newest&limit=1');
  const first: unknown = Array.isArray(list) ? list[0] : undefined;
  const id = read(first, '_id');
  const minimum = read(first, 'quantity');
  if (typeof id !== 'string' || typeof minimum !== 'number') throw new Error('the catalogue has no product');
  return { id, minimum };
}

/** `POST /api/companies`: the signed-in customer founds a company (and owns it); answers its id. */
export async function createCompany(origin: string, token: string, name: string): Promise<string> {
  const body = { name, billingAddress: '1 Bench Street\nTestville' };
  return field(await call(origin, 'POST', '/api/companies', body, token), '_id');
}

/** `PUT /api/admin/companies/{id}/prices` (admin): the company's whole list of contract prices. */
export async function putContractPrices(
  origin: string,
  adminToken: string,
  companyId: string,
  prices: Array<{ productId: string; price: number }>,
): Promise<void> {
  await call(origin, 'PUT', `/api/admin/companies/${companyId}/prices`, { prices }, adminToken);
}

/** A GET as a signed-in user (or anonymous without a token): the parsed answer, failing on anything but 2xx. */
export function getAs(origin: string, path: string, token?: string): Promise<unknown> {
  return call(origin, 'GET', path, undefined, token);
}

/** `PUT /api/cart`: the customer's whole cart. */
export async function putCart(origin: string, token: string, lines: { productId: string; quantity: number }[]) {
  await call(origin, 'PUT', '/api/cart', { lines }, token);
}

/** The parsed JSON of an answer, whatever its status; `what` names the call in the error when it is not JSON. */
export async function readAnswer(res: Response, what: string): Promise<unknown> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    throw new Error(`${what} answered ${res.status}: ${text.slice(0, 200)}`);
  }
}

export const ORDER_BODY = (productId: string) =>
  JSON.stringify({ productId, inputQuantity: 1, phone: '+1 555 0100', address: '1 Bench Street, Testville' });

export async function availableQuantityOf(origin: string, productId: string): Promise<number> {
  const found = read(await call(origin, 'GET', `/api/service/${productId}`), 'availableQuantity');
  if (typeof found !== 'number') throw new Error(`product ${productId} has no availableQuantity`);
  return found;
}
