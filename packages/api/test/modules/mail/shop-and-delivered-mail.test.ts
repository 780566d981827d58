// B2B §11's mail on both databases: SHOP_NOTIFY_EMAIL gets a "new order" message for every order, queued in the
// order's own write (one-line and several-line orders, the cart's checkout), none when it is unset; the buyer gets a
// "delivered" message when an order is marked delivered, once. SHOP_NOTIFY_EMAIL must be one address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/infra/config.js';
import { databases } from '../../helpers/databases.js';
import {
  ADMIN,
  addProduct,
  call,
  createTestApp,
  logIn,
  signUp,
  type SignedIn,
  type TestApp,
} from '../../helpers/test-app.js';

const SHOP = 'orders@kestrel.example';

describe('SHOP_NOTIFY_EMAIL', () => {
  it('is one e-mail address, unset by default', () => {
    expect(loadConfig({}).mail.shopNotify).toBeUndefined();
    expect(loadConfig({ SHOP_NOTIFY_EMAIL: ` ${SHOP} ` }).mail.shopNotify).toBe(SHOP);
    for (const bad of ['a@b.example, c@d.example', 'Shop <a@b.example>', 'nope', 'a@b.example;c@d.example']) {
      expect(() => loadConfig({ SHOP_NOTIFY_EMAIL: bad })).toThrow(
        new ConfigError('Invalid configuration: SHOP_NOTIFY_EMAIL must be one e-mail address'),
      );
    }
  });
});

/** The order's number (SO-...), which every message names (B2B §11). */
async function numberOf(t: TestApp, id: string | undefined): Promise<string> {
  const row = await t.app.db
    .selectFrom('orders')
    .select('number')
    .where('id', '=', id ?? '')
    .executeTakeFirstOrThrow();
  return row.number;
}

describe.each(databases)('shop and delivered mail on %s', (kind) => {
  let shop: TestApp;
  let quiet: TestApp;
  const scene = new Map<TestApp, { admin: SignedIn; alice: SignedIn; a: string; b: string }>();

  beforeAll(async () => {
    shop = await createTestApp(kind, { SHOP_NOTIFY_EMAIL: SHOP });
    quiet = await createTestApp(kind);
    for (const t of [shop, quiet]) {
      const admin = await logIn(t.app, ADMIN.email, ADMIN.password);
      const a = await addProduct(t.app, admin, { sku: 'KC-FAN-120', name: 'Case fan 120 mm', price: 6.25 });
      const b = await addProduct(t.app, admin, { sku: 'KC-MEM-32', name: 'DDR5 32 GB', price: 90 });
      scene.set(t, { admin, alice: await signUp(t.app, 'Alice Buyer', 'alice@example.com'), a, b });
    }
  });
  afterAll(async () => {
    await shop.close();
    await quiet.close();
  });

  const outbox = (t: TestApp, orderId: string) =>
    t.app.db
      .selectFrom('mail_outbox')
      .select(['dedupe_key', 'kind', 'to_address', 'subject', 'content'])
      .where('dedupe_key', 'like', `%:${orderId}`)
      .orderBy('dedupe_key')
      .execute();

  /** A one-line order (SPEC's call), an order of two lines and a cart checkout: each order's id. */
  async function placeThree(t: TestApp): Promise<string[]> {
    const s = scene.get(t);
    if (!s) throw new Error('no scene');
    const one = await call(t.app, 'POST', '/api/order', s.alice, {
      productId: s.a,
      inputQuantity: 1000,
      phone: '555-0100',
      address: '1 Dock Rd',
    });
    const two = await call(t.app, 'POST', '/api/orders', s.alice, {
      lines: [
        { productId: s.a, quantity: 1000 },
        { productId: s.b, quantity: 1000 },
      ],
      phone: '555-0100',
      address: '1 Dock Rd',
      poNumber: 'PO-55',
      note: 'Gate 3, mornings only',
    });
    expect(
      (await call(t.app, 'PUT', '/api/cart', s.alice, { lines: [{ productId: s.b, quantity: 1000 }] })).statusCode,
    ).toBe(200);
    const cart = await call(t.app, 'POST', '/api/cart/checkout', s.alice, { phone: '555-0100', address: '1 Dock Rd' });
    return [one, two, cart].map((res) => {
      expect(res.statusCode).toBe(201);
      const body: { insertedId: string } = res.json();
      return body.insertedId;
    });
  }

  it('queues a "new order" message to SHOP_NOTIFY_EMAIL with every order, in the order\'s write', async () => {
    const ids = await placeThree(shop);
    for (const id of ids) {
      const rows = await outbox(shop, id);
      expect(rows.map((r) => [r.dedupe_key, r.kind, r.to_address])).toEqual([
        [`new-order-for-shop:${id}`, 'new-order-for-shop', SHOP],
        [`order-placed:${id}`, 'order-placed', 'alice@example.com'],
      ]);
    }
    // An edit between two orders makes PostgreSQL's remembered terms stale: the order goes through its locking
    // transaction instead, which writes the shop's message too.
    const s = scene.get(shop);
    if (!s) throw new Error('no scene');
    const edit = await call(shop.app, 'PATCH', `/api/service/${s.b}`, s.admin, { stockAdjustment: 5 });
    expect(edit.statusCode).toBe(200);
    const again = await call(shop.app, 'POST', '/api/orders', s.alice, {
      lines: [
        { productId: s.b, quantity: 1000 },
        { productId: s.a, quantity: 1000 },
      ],
      phone: '555-0100',
      address: '1 Dock Rd',
    });
    expect(again.statusCode).toBe(201);
    const againId: string = again.json().insertedId;
    expect((await outbox(shop, againId)).map((r) => r.to_address)).toEqual([SHOP, 'alice@example.com']);
    const [, two] = ids;
    const [forShop] = await outbox(shop, two ?? '');
    expect(forShop?.subject).toBe(`New order ${await numberOf(shop, two)} from Alice Buyer ($96,250.00)`);
    const text = shop.app.mail.bodies(forShop?.content ?? '').text;
    for (const expected of [
      'Alice Buyer <alice@example.com>',
      'PO-55',
      'Gate 3, mornings only',
      'KC-MEM-32 DDR5 32 GB',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toContain(`/dashboard/manage-orders/${two}`);
  });

  it("queues only the buyer's message when SHOP_NOTIFY_EMAIL is unset", async () => {
    for (const id of await placeThree(quiet)) {
      expect((await outbox(quiet, id)).map((r) => r.kind)).toEqual(['order-placed']);
    }
  });

  it('mails the buyer once when the order is delivered', async () => {
    const s = scene.get(quiet);
    if (!s) throw new Error('no scene');
    const [id] = await placeThree(quiet);
    // A paid order: shipped by the admin, then delivered (by the buyer here).
    await quiet.app.db
      .updateTable('orders')
      .set({ status: 'confirmed', paid_at: new Date().toISOString() })
      .where('id', '=', id ?? '')
      .execute();
    const shipped = await call(quiet.app, 'POST', `/api/orders/${id}/ship`, s.admin, {
      carrier: 'DHL',
      trackingNumber: 'JD0142',
    });
    expect(shipped.statusCode).toBe(200);
    const delivered = await Promise.all(
      [1, 2].map(() => call(quiet.app, 'POST', `/api/orders/${id}/deliver`, s.alice)),
    );
    expect(delivered.map((d) => d.statusCode).sort()).toEqual([200, 409]);
    const rows = (await outbox(quiet, id ?? '')).filter((r) => r.kind === 'order-delivered');
    expect(rows.map((r) => [r.dedupe_key, r.to_address, r.subject])).toEqual([
      [`order-delivered:${id}`, 'alice@example.com', `Order ${await numberOf(quiet, id)} delivered`],
    ]);
    const text = quiet.app.mail.bodies(rows[0]?.content ?? '').text;
    expect(text).toContain('Your order has been delivered.');
    expect(text).toMatch(/Tracking number: +JD0142/);
  });
});
