// B2B §9's access rule on both databases: a key makes exactly the calls its scopes name, as an administrator would;
// every other call answers 403 (users, roles, keys, webhooks, profile, cart, placing orders, even public calls); an
// unknown or revoked key answers 401 everywhere.
import type { ApiKeyScope, Order } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_CALLS } from '../../src/modules/api-keys/index.js';
import { databases } from '../helpers/databases.js';
import { call, type SignedIn } from '../helpers/test-app.js';
import { createWorld, placeOrder, type World } from '../modules/orders/lifecycle/lifecycle-fixtures.js';
import { asCaller, createKey } from './key-fixtures.js';

const MISSING = '0123456789abcdef01234567';

interface Probe {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  /** The route pattern as the access table names it. */
  route: string;
  /** The scope the contract (B2B §9) names for it. */
  scope: ApiKeyScope;
  url: (ids: Ids) => string;
  body?: unknown;
  /** What the call answers when the key may make it: the administrator's answer. */
  allowed: number;
}

interface Ids {
  order: string;
  product: string;
}

// Each allowed call answers what the administrator gets: a pending order cannot be shipped, delivered or marked paid
// (409: an admin's refusal; a customer not owning it would get 404), a missing order or product is 404, an empty CSV
// import is 400, a new product is 201.
const NAMED: Probe[] = [
  { method: 'GET', route: '/api/order', scope: 'orders:read', url: () => '/api/order', allowed: 200 },
  { method: 'GET', route: '/api/orders/:id', scope: 'orders:read', url: (i) => `/api/orders/${i.order}`, allowed: 200 },
  {
    method: 'GET',
    route: '/api/orders/:id/invoice.pdf',
    scope: 'orders:read',
    url: (i) => `/api/orders/${i.order}/invoice.pdf`,
    allowed: 409,
  },
  { method: 'GET', route: '/api/orders.csv', scope: 'orders:read', url: () => '/api/orders.csv', allowed: 200 },
  {
    method: 'POST',
    route: '/api/orders/:id/ship',
    scope: 'orders:write',
    url: (i) => `/api/orders/${i.order}/ship`,
    body: { carrier: 'DHL', trackingNumber: 'T-1' },
    allowed: 409,
  },
  {
    method: 'POST',
    route: '/api/orders/:id/deliver',
    scope: 'orders:write',
    url: (i) => `/api/orders/${i.order}/deliver`,
    allowed: 409,
  },
  {
    method: 'POST',
    route: '/api/orders/:id/mark-paid',
    scope: 'orders:write',
    url: (i) => `/api/orders/${i.order}/mark-paid`,
    body: { reference: 'BANK-1' },
    allowed: 409,
  },
  {
    method: 'POST',
    route: '/api/orders/:id/cancel',
    scope: 'orders:write',
    url: () => `/api/orders/${MISSING}/cancel`,
    allowed: 404,
  },
  // B2B §14: a pending order takes no shipment and has none to deliver.
  {
    method: 'POST',
    route: '/api/orders/:id/shipments',
    scope: 'orders:write',
    url: (i) => `/api/orders/${i.order}/shipments`,
    body: { lines: [{ productId: MISSING, quantity: 1 }], carrier: 'DHL', trackingNumber: 'T-1' },
    allowed: 409,
  },
  {
    method: 'POST',
    route: '/api/orders/:id/shipments/:shipmentId/deliver',
    scope: 'orders:write',
    url: (i) => `/api/orders/${i.order}/shipments/${MISSING}/deliver`,
    allowed: 409,
  },
  // B2B §14: an unknown return is the administrator's 404.
  { method: 'GET', route: '/api/returns', scope: 'orders:read', url: () => '/api/returns', allowed: 200 },
  {
    method: 'GET',
    route: '/api/returns/:id',
    scope: 'orders:read',
    url: () => `/api/returns/${MISSING}`,
    allowed: 404,
  },
  {
    method: 'POST',
    route: '/api/returns/:id/authorize',
    scope: 'orders:write',
    url: () => `/api/returns/${MISSING}/authorize`,
    allowed: 404,
  },
  {
    method: 'POST',
    route: '/api/returns/:id/reject',
    scope: 'orders:write',
    url: () => `/api/returns/${MISSING}/reject`,
    body: { reason: 'Not ours' },
    allowed: 404,
  },
  {
    method: 'POST',
    route: '/api/returns/:id/receive',
    scope: 'orders:write',
    url: () => `/api/returns/${MISSING}/receive`,
    body: { lines: [{ productId: MISSING, quantity: 1, restock: true }] },
    allowed: 404,
  },
  {
    method: 'POST',
    route: '/api/service',
    scope: 'catalog:write',
    url: () => '/api/service',
    body: {
      name: 'Key Part',
      price: 2,
      quantity: 10,
      availableQuantity: 500,
      description: 'Made by a key',
      img: 'https://example.com/p.png',
    },
    allowed: 201,
  },
  {
    method: 'PATCH',
    route: '/api/service/:id',
    scope: 'catalog:write',
    url: (i) => `/api/service/${i.product}`,
    body: { price: 3 },
    allowed: 200,
  },
  {
    method: 'DELETE',
    route: '/api/service/:id',
    scope: 'catalog:write',
    url: () => `/api/service/${MISSING}`,
    allowed: 404,
  },
  {
    method: 'POST',
    route: '/api/admin/products.csv',
    scope: 'catalog:write',
    url: () => '/api/admin/products.csv',
    body: '',
    allowed: 400,
  },
];

// A sample of calls no key may make, whatever its scopes.
const OTHERS: Array<Omit<Probe, 'route' | 'scope' | 'allowed'>> = [
  { method: 'GET', url: () => '/api/user' },
  { method: 'PUT', url: () => '/api/user/admin/alice@example.com' },
  { method: 'GET', url: () => '/api/admin/alice@example.com' },
  { method: 'GET', url: () => '/api/admin/api-keys' },
  { method: 'POST', url: () => '/api/admin/api-keys', body: { name: 'More', scopes: ['orders:read'] } },
  { method: 'DELETE', url: () => `/api/admin/api-keys/${MISSING}` },
  { method: 'GET', url: () => '/api/admin/webhooks' },
  { method: 'POST', url: () => '/api/admin/webhooks', body: { url: 'https://example.com/hook', events: ['*'] } },
  { method: 'GET', url: () => '/api/auth/me' },
  { method: 'GET', url: () => '/api/auth/sessions' },
  { method: 'GET', url: () => '/api/profile?email=alice@example.com' },
  { method: 'GET', url: () => '/api/cart' },
  {
    method: 'POST',
    url: () => '/api/orders',
    body: { lines: [{ productId: MISSING, quantity: 1 }], phone: '1', address: 'x' },
  },
  { method: 'POST', url: () => '/api/order', body: { productId: MISSING, inputQuantity: 1, phone: '1', address: 'x' } },
  { method: 'GET', url: () => '/api/orders?email=alice@example.com' },
  // B2B §14: asking for a return is a buyer's, never a key's.
  { method: 'POST', url: (i) => `/api/orders/${i.order}/returns`, body: { lines: [] } },
  { method: 'DELETE', url: (i) => `/api/order/${i.order}` },
  { method: 'PATCH', url: (i) => `/api/orders/${i.order}`, body: { order: MISSING, transactionId: 'pi_1' } },
  { method: 'GET', url: () => '/api/service' },
  { method: 'GET', url: () => '/api/admin/products.csv' },
  { method: 'POST', url: () => '/api/review', body: { name: 'K', rating: 5, description: 'Good' } },
];

function send(
  w: World,
  who: SignedIn,
  probe: { method: Probe['method']; url: (ids: Ids) => string; body?: unknown },
  ids: Ids,
) {
  if (typeof probe.body === 'string') {
    return w.app.inject({
      method: probe.method,
      url: probe.url(ids),
      headers: { ...who.auth, 'content-type': 'text/csv' },
      payload: probe.body,
    });
  }
  return call(w.app, probe.method, probe.url(ids), who, probe.body);
}

/** One key of each scope, and one of all three. */
const SETS: Record<string, ApiKeyScope[]> = {
  read: ['orders:read'],
  write: ['orders:write'],
  catalog: ['catalog:write'],
  all: ['orders:read', 'orders:write', 'catalog:write'],
};

describe.each(databases)('API key access on %s', (kind) => {
  let w: World;
  let ids: Ids;
  let order: Order;
  const keys = new Map<string, SignedIn>();
  let revoked: SignedIn;

  beforeAll(async () => {
    w = await createWorld(kind);
    order = await placeOrder(w);
    ids = { order: order._id, product: w.gpu };
    for (const [name, scopes] of Object.entries(SETS))
      keys.set(name, (await createKey(w.app, w.admin, name, scopes)).caller);
    const gone = await createKey(w.app, w.admin, 'gone', ['orders:read', 'orders:write', 'catalog:write']);
    expect((await call(w.app, 'DELETE', `/api/admin/api-keys/${gone._id}`, w.admin)).statusCode).toBe(204);
    revoked = gone.caller;
  }, 60_000);
  afterAll(() => w.t.close());

  it('the table names exactly the calls of the contract', () => {
    const table = KEY_CALLS.map(([name, scope]) => `${name} ${scope}`).sort();
    expect(table).toEqual(NAMED.map((p) => `${p.method} ${p.route} ${p.scope}`).sort());
    for (const [name, scope] of KEY_CALLS)
      expect(
        w.app.hasRoute({ method: name.split(' ')[0] ?? '', url: name.split(' ')[1] ?? '' }),
        `${name} ${scope}`,
      ).toBe(true);
  });

  it('each scope makes the calls it names, as the administrator would, and is refused the others (403)', async () => {
    const answers: string[] = [];
    const expected: string[] = [];
    for (const [name, who] of keys) {
      const scopes = SETS[name] ?? [];
      for (const probe of NAMED) {
        const res = await send(w, who, probe, ids);
        answers.push(`${name} ${probe.method} ${probe.route} ${res.statusCode}`);
        expected.push(`${name} ${probe.method} ${probe.route} ${scopes.includes(probe.scope) ? probe.allowed : 403}`);
      }
    }
    expect(answers).toEqual(expected);
  });

  it('a refused call names why, in the error shape', async () => {
    const res = await call(w.app, 'GET', '/api/order', keys.get('write'));
    expect(res.json()).toEqual({ error: { code: 'forbidden', message: 'This API key lacks the orders:read scope' } });
    const other = await call(w.app, 'GET', '/api/user', keys.get('all'));
    expect(other.json()).toEqual({ error: { code: 'forbidden', message: 'API keys may not make this call' } });
  });

  it('no key reaches users, roles, keys, webhooks, profile, cart or placing orders (403), and none changed anything', async () => {
    const before = await w.app.db.selectFrom('api_keys').select('id').execute();
    for (const [name, who] of keys) {
      for (const probe of OTHERS) {
        const res = await send(w, who, probe, ids);
        expect(`${name} ${probe.method} ${probe.url(ids)} ${res.statusCode}`).toBe(
          `${name} ${probe.method} ${probe.url(ids)} 403`,
        );
      }
    }
    expect(await w.app.db.selectFrom('api_keys').select('id').execute()).toEqual(before);
    const admin = await w.app.db
      .selectFrom('users')
      .select('role')
      .where('id', '=', w.alice.id)
      .executeTakeFirstOrThrow();
    expect(admin.role).toBe('customer');
  });

  it('a revoked key and an unknown key answer 401 on every call, named or not', async () => {
    const unknown = asCaller(`kc_${'A'.repeat(43)}`);
    for (const who of [revoked, unknown]) {
      for (const probe of [...NAMED, ...OTHERS]) {
        const res = await send(w, who, probe, ids);
        expect(`${probe.method} ${probe.url(ids)} ${res.statusCode}`).toBe(`${probe.method} ${probe.url(ids)} 401`);
      }
    }
    const res = await call(w.app, 'GET', '/api/order', revoked);
    expect(res.json()).toEqual({
      error: { code: 'unauthorized', message: 'This API key is unknown or has been revoked' },
    });
  });

  it('acts as the administrator: reads every order, ships, delivers and cancels', async () => {
    const all = keys.get('all');
    const list = await call(w.app, 'GET', '/api/order', all);
    expect(list.json().map((o: Order) => o._id)).toContain(order._id);
    // The CSV as the administrator gets it: every buyer's orders, not the (nonexistent) own ones of the key.
    const csv = await call(w.app, 'GET', '/api/orders.csv', keys.get('read'));
    expect(csv.body).toContain(order._id);
    const other = await placeOrder(w, w.bob);
    const cancelled = await call(w.app, 'POST', `/api/orders/${other._id}/cancel`, all, { reason: 'ERP says no' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancelReason: 'ERP says no' });
    await w.app.db.updateTable('orders').set({ status: 'confirmed' }).where('id', '=', order._id).execute();
    const shipped = await call(w.app, 'POST', `/api/orders/${order._id}/ship`, all, {
      carrier: 'DHL',
      trackingNumber: 'JD01',
    });
    expect(shipped.json()).toMatchObject({ status: 'shipped', carrier: 'DHL', trackingNumber: 'JD01' });
    const delivered = await call(w.app, 'POST', `/api/orders/${order._id}/deliver`, all);
    expect(delivered.json()).toMatchObject({ status: 'delivered' });
  });
});
