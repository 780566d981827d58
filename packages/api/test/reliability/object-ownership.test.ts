// OWASP API1 (broken object level authorization): Bob, a signed-in customer, tries every way to reach Ann's order,
// profile and payment: by id, by e-mail in path and query (with case, spaces and repeated parameters), and by
// naming her in bodies the server should ignore. Nothing of hers may come back and nothing of hers may change.
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../helpers/databases.js';
import {
  ADMIN,
  addProduct,
  call,
  createTestApp,
  logIn,
  signUp,
  type SignedIn,
  type TestApp,
} from '../helpers/test-app.js';
import { clientSecretFor, confirm, intentIdOf, placeOrder } from '../modules/payments/payment-fixtures.js';
import { snapshotTables } from './table-snapshot.js';

const ANN_PROFILE = { phone: '555-0199', education: 'MSc', location: 'Tromso', linkedinprofile: 'https://x.test/ann' };

describe.each(databases)("another customer's objects on %s", (kind) => {
  let t: TestApp;
  let ann: SignedIn;
  let bob: SignedIn;
  let annOrderId: string;
  let annPaidOrderId: string;
  let annIntentId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await logIn(t.app, ADMIN.email, ADMIN.password);
    ann = await signUp(t.app, 'Ann', 'ann@example.com');
    bob = await signUp(t.app, 'Bob', 'bob@example.com');
    const productId = await addProduct(t.app, admin, { price: 3.25 });
    annOrderId = await placeOrder(t.app, ann, productId);
    annPaidOrderId = await placeOrder(t.app, ann, productId);
    const secret = await clientSecretFor(t.app, ann, annPaidOrderId);
    annIntentId = intentIdOf(secret);
    expect((await confirm(t.app, secret)).statusCode).toBe(200);
    expect(
      (await call(t.app, 'PATCH', `/api/orders/${annPaidOrderId}`, ann, { transactionId: annIntentId })).statusCode,
    ).toBe(200);
    expect((await call(t.app, 'POST', '/api/profile', ann, ANN_PROFILE)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('refuses each attempt, leaks none of her data and changes none of it', async () => {
    const before = await snapshotTables(t.app.db);
    const attempts: [HTTPMethods, string, unknown, number][] = [
      ['GET', `/api/orders/${annOrderId}`, undefined, 404],
      ['GET', `/api/orders/${annPaidOrderId}`, undefined, 404],
      ['GET', '/api/orders?email=ann@example.com', undefined, 403],
      ['GET', '/api/orders?email=ANN@EXAMPLE.COM', undefined, 403],
      ['GET', '/api/orders?email=%20ann@example.com%20', undefined, 403],
      ['GET', '/api/orders?email=bob@example.com&email=ann@example.com', undefined, 400],
      ['GET', '/api/orders?email[]=ann@example.com', undefined, 400],
      ['DELETE', `/api/order/${annOrderId}`, undefined, 404],
      ['PATCH', `/api/orders/${annOrderId}`, { transactionId: annIntentId }, 404],
      ['PATCH', `/api/orders/${annPaidOrderId}`, { transactionId: annIntentId }, 404],
      ['POST', '/api/create-payment-intent', { orderId: annOrderId }, 404],
      ['GET', '/api/profile/ann@example.com', undefined, 403],
      ['GET', '/api/profile/Ann@Example.com', undefined, 403],
      ['PUT', '/api/profile/ann@example.com', { phone: 'hijacked' }, 403],
      ['PUT', '/api/user/ann@example.com', { email: 'ann@example.com', name: 'Hijacked' }, 403],
      ['GET', '/api/admin/ann@example.com', undefined, 403],
    ];
    const statuses: number[] = [];
    for (const [method, url, body] of attempts) {
      const res = await t.app.inject({
        method,
        url,
        headers: { ...bob.auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      statuses.push(res.statusCode);
      for (const secret of [annOrderId, annPaidOrderId, annIntentId, 'Tromso', '555-0199', ann.id]) {
        expect(res.body).not.toContain(secret);
      }
    }
    expect(statuses).toEqual(attempts.map((a) => a[3]));
    expect(before).toEqual(await snapshotTables(t.app.db));
  });

  it("ignores her e-mail in bodies: Bob's profile and order are his own", async () => {
    const saved = await call(t.app, 'POST', '/api/profile', bob, { email: 'ann@example.com', phone: '555-0100' });
    expect(saved.statusCode).toBe(200);
    const annProfile = await call(t.app, 'GET', '/api/profile/ann@example.com', ann);
    expect(annProfile.json()).toMatchObject(ANN_PROFILE);
    const products = await call(t.app, 'GET', '/api/service');
    const productId: string = products.json()[0]._id;
    const placed = await call(t.app, 'POST', '/api/order', bob, {
      productId,
      inputQuantity: 1000,
      phone: '1',
      address: 'a',
      email: 'ann@example.com',
      userName: 'Ann',
      price: 0.01,
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().order).toMatchObject({ email: 'bob@example.com', userName: 'Bob', price: 3250 });
    const annOrders = await call(t.app, 'GET', '/api/orders?email=ann@example.com', ann);
    expect(annOrders.json().map((o: { _id: string }) => o._id)).toEqual([annOrderId, annPaidOrderId]);
  });
});
