// Every call x every kind of caller, from one table (PRODUCT.md §4). Each cell gets a fresh token and, where the call
// consumes something (a delete, a sign-out), fresh data, so cells do not depend on each other.
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../src/seed/factories.js';
import { databases } from './helpers/databases.js';
import { ADMIN, addProduct, createTestApp, logIn, signUp, type SignedIn, type TestApp } from './helpers/test-app.js';

type Caller = 'anonymous' | 'customer' | 'other' | 'admin';
const callers: Caller[] = ['anonymous', 'customer', 'other', 'admin'];

interface Ctx {
  app: FastifyInstance;
  admin: SignedIn;
  ann: SignedIn;
  productId: string;
  annOrderId: string;
  newOrderOfAnn(): Promise<string>;
}

type Row = [method: HTTPMethods, url: (c: Ctx) => string | Promise<string>, body: unknown, expected: number[]];

const order = (c: Ctx) => ({ productId: c.productId, inputQuantity: 1000, phone: '1', address: 'a' });
const profile = { phone: '555', education: 'BSc', location: 'Oslo', linkedinprofile: 'https://linkedin.com/in/x' };

// Expected status for [anonymous, customer (Ann, the owner), another customer (Bob), admin].
const table: Row[] = [
  ['GET', () => '/api/health', undefined, [200, 200, 200, 200]],
  ['GET', () => '/api/service', undefined, [200, 200, 200, 200]],
  ['GET', (c) => `/api/service/${c.productId}`, undefined, [200, 200, 200, 200]],
  ['POST', () => '/api/service', createProduct(), [401, 403, 403, 201]],
  ['DELETE', async (c) => `/api/service/${await addProduct(c.app, c.admin)}`, undefined, [401, 403, 403, 200]],
  ['GET', () => '/api/review', undefined, [200, 200, 200, 200]],
  ['POST', () => '/api/review', { name: 'n', rating: 4, description: 'd' }, [401, 201, 201, 201]],
  ['POST', () => '/api/order', 'order', [401, 201, 201, 201]],
  ['GET', () => '/api/order', undefined, [401, 403, 403, 200]],
  ['GET', () => '/api/orders?email=ann@example.com', undefined, [401, 200, 403, 200]],
  ['GET', (c) => `/api/orders/${c.annOrderId}`, undefined, [401, 200, 404, 200]],
  ['DELETE', async (c) => `/api/order/${await c.newOrderOfAnn()}`, undefined, [401, 200, 404, 404]],
  ['PATCH', (c) => `/api/orders/${c.annOrderId}`, { transactionId: 'txn_1' }, [401, 400, 404, 404]],
  ['POST', () => '/api/create-payment-intent', 'intent', [401, 200, 404, 404]],
  ['GET', () => '/api/user', undefined, [401, 403, 403, 200]],
  ['PUT', () => '/api/user/admin/carl@example.com', undefined, [401, 403, 403, 200]],
  ['GET', () => '/api/admin/ann@example.com', undefined, [401, 200, 403, 200]],
  ['PUT', () => '/api/user/ann@example.com', { email: 'ann@example.com' }, [401, 200, 403, 403]],
  ['POST', () => '/api/profile', profile, [401, 200, 200, 200]],
  ['PUT', () => '/api/profile/ann@example.com', profile, [401, 200, 403, 403]],
  ['GET', () => '/api/profile/ann@example.com', undefined, [401, 200, 403, 403]],
  ['GET', () => '/api/auth/me', undefined, [401, 200, 200, 200]],
  ['POST', () => '/api/auth/logout', undefined, [401, 204, 204, 204]],
  ['GET', () => '/api/auth/providers', undefined, [200, 200, 200, 200]],
];

describe.each(databases)('authorization on %s', (kind) => {
  let t: TestApp;
  let ctx: Ctx;
  const users: Partial<Record<Caller, SignedIn>> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    const app = t.app;
    users.admin = await logIn(app, ADMIN.email, ADMIN.password);
    users.customer = await signUp(app, 'Ann', 'ann@example.com');
    users.other = await signUp(app, 'Bob', 'bob@example.com');
    await signUp(app, 'Carl', 'carl@example.com');
    const productId = await addProduct(app, users.admin, { availableQuantity: 1_000_000 });
    const ann = users.customer;
    const newOrderOfAnn = async () => {
      const res = await app.inject({ method: 'POST', url: '/api/order', headers: ann.auth, payload: order(ctx) });
      return String(res.json().insertedId);
    };
    ctx = { app, admin: users.admin, ann, productId, annOrderId: '', newOrderOfAnn };
    ctx.annOrderId = await newOrderOfAnn();
  });
  afterAll(() => t.close());

  it.each(table)('%s %s', async (method, url, body, expected) => {
    const actual: number[] = [];
    for (const caller of callers) {
      const user = users[caller];
      const headers: Record<string, string> = {};
      if (user) headers['authorization'] = `Bearer ${await t.app.sessions.issueSession(user.id)}`;
      const payload = body === 'order' ? order(ctx) : body === 'intent' ? { orderId: ctx.annOrderId, price: 1 } : body;
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const res = await t.app.inject({
        method,
        url: await url(ctx),
        headers,
        ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      });
      actual.push(res.statusCode);
    }
    expect(actual).toEqual(expected);
  });
});
