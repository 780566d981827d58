// The calls the hostile-input test attacks, each with who calls it and how its requests are generated. Ids of real
// records are mixed into the hostile ones so that generated requests also reach the deeper rules (stock, payment).
import fc from 'fast-check';
import type { HTTPMethods } from 'fastify';
import { hostileNumber, jsonValue, rawBody, type RawBody } from './hostile-arbitraries.js';
import { pathSegment, queryString } from './hostile-urls.js';

export interface Known {
  productId: string;
  orderId: string;
  email: string;
}

export interface HostileRequest {
  url: string;
  body: RawBody | undefined;
}

export interface HostileCall {
  method: HTTPMethods;
  route: string;
  who: 'anonymous' | 'customer' | 'admin';
  request: (known: Known) => fc.Arbitrary<HostileRequest>;
}

const noBody = (url: fc.Arbitrary<string>) => url.map((u) => ({ url: u, body: undefined }));
const withBody = (url: fc.Arbitrary<string>, fields: string[]) =>
  fc.record({ url, body: rawBody(fields) }).map(({ url: u, body }) => ({ url: u, body }));
/** A path slot holding a hostile segment, or now and then the real value so the deeper rules run too. */
const slot = (real: string) =>
  fc.oneof({ weight: 4, arbitrary: pathSegment }, { weight: 1, arbitrary: fc.constant(real) });
const path = (prefix: string, real = '000000000000000000000000') => slot(real).map((s) => `${prefix}${s}`);
const fixed = (url: string) => fc.constant(url);
/** A body that is right except for one field: negative, fractional, huge quantities of a real product, etc. */
const almostRight = (url: string, good: Record<string, unknown>, field: string) =>
  fc.oneof(
    { weight: 2, arbitrary: withBody(fixed(url), Object.keys(good)) },
    {
      weight: 1,
      arbitrary: fc.oneof(hostileNumber, jsonValue([field])).map((v) => ({
        url,
        body: { payload: JSON.stringify({ ...good, [field]: v }), contentType: 'application/json' },
      })),
    },
  );

const PRODUCT = ['name', 'price', 'description', 'img', 'quantity', 'availableQuantity'];
const order = (k: Known) => ({ productId: k.productId, inputQuantity: 1000, phone: '1', address: 'a', price: 0 });
const PROFILE = ['email', 'userName', 'phone', 'education', 'location', 'linkedinprofile'];
const CARD = ['clientSecret', 'cardNumber', 'expMonth', 'expYear', 'cvc'];

// One line per call, so the list reads as a table.
// prettier-ignore
const hostileCalls: HostileCall[] = [
  { method: 'POST', route: '/api/auth/signup', who: 'anonymous', request: () => withBody(fixed('/api/auth/signup'), ['name', 'email', 'password']) },
  { method: 'POST', route: '/api/auth/login', who: 'anonymous', request: () => withBody(fixed('/api/auth/login'), ['email', 'password']) },
  { method: 'GET', route: '/api/service?...', who: 'anonymous', request: () => noBody(queryString(['limit', 'offset', 'sort']).map((q) => `/api/service?${q}`)) },
  { method: 'GET', route: '/api/service/{id}', who: 'anonymous', request: (k) => noBody(path('/api/service/', k.productId)) },
  { method: 'POST', route: '/api/service', who: 'admin', request: () => withBody(fixed('/api/service'), PRODUCT) },
  { method: 'DELETE', route: '/api/service/{id}', who: 'admin', request: () => noBody(path('/api/service/')) },
  { method: 'POST', route: '/api/review', who: 'customer', request: () => withBody(fixed('/api/review'), ['name', 'rating', 'description', 'image']) },
  { method: 'POST', route: '/api/order', who: 'customer', request: (k) => almostRight('/api/order', order(k), 'inputQuantity') },
  { method: 'GET', route: '/api/orders?email=', who: 'customer', request: (k) => noBody(queryString(['email'], [k.email]).map((q) => `/api/orders?${q}`)) },
  { method: 'GET', route: '/api/orders/{id}', who: 'customer', request: (k) => noBody(path('/api/orders/', k.orderId)) },
  { method: 'PATCH', route: '/api/orders/{id}', who: 'customer', request: (k) => withBody(path('/api/orders/', k.orderId), ['transactionId', 'order']) },
  { method: 'DELETE', route: '/api/order/{id}', who: 'customer', request: () => noBody(path('/api/order/')) },
  { method: 'POST', route: '/api/create-payment-intent', who: 'customer', request: (k) => almostRight('/api/create-payment-intent', { orderId: k.orderId, price: 1 }, 'orderId') },
  { method: 'POST', route: '/api/sandbox/confirm', who: 'anonymous', request: () => withBody(fixed('/api/sandbox/confirm'), CARD) },
  { method: 'POST', route: '/api/profile', who: 'customer', request: () => withBody(fixed('/api/profile'), PROFILE) },
  { method: 'PUT', route: '/api/profile/{email}', who: 'customer', request: (k) => withBody(path('/api/profile/', k.email), PROFILE) },
  { method: 'GET', route: '/api/profile/{email}', who: 'customer', request: (k) => noBody(path('/api/profile/', k.email)) },
  { method: 'PUT', route: '/api/user/{email}', who: 'customer', request: (k) => withBody(path('/api/user/', k.email), ['email', 'name']) },
  { method: 'GET', route: '/api/admin/{email}', who: 'customer', request: (k) => noBody(path('/api/admin/', k.email)) },
  { method: 'PUT', route: '/api/user/admin/{email}', who: 'admin', request: () => noBody(path('/api/user/admin/')) },
  { method: 'GET', route: '/api/images/{name}', who: 'anonymous', request: () => noBody(path('/api/images/')) },
  { method: 'GET', route: '/static/{file}', who: 'anonymous', request: () => noBody(path('/static/js/', 'x.js')) },
];

/** Calls whose attack surface is the body (some also take an id, attacked with it). */
export const bodyCalls = hostileCalls.filter(
  (c) => ['POST', 'PATCH', 'PUT'].includes(c.method) && c.route !== '/api/user/admin/{email}',
);
/** Calls whose attack surface is the URL: ids, e-mails, file names and query strings. */
export const urlCalls = hostileCalls.filter((c) => !bodyCalls.includes(c));
