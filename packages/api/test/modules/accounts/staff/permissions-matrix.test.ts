// B2B §15's permissions table as a matrix, on both databases: each of the five staff roles, a customer and an API key
// (every scope) makes one call of every row of the table that has a call today, and gets exactly the status the
// table says: 2xx for a role that has the row, 403 for staff without it, and, where a customer may make the call
// too, the customer's own answer (404 for an order that is not theirs). A refused write changes nothing. The returns
// rows (B2B §14): authorize and reject are returns.decide's, receive is orders.ship's.
import type { StaffRole } from '@kestrel/shared';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../../helpers/databases.js';
import { call, signUp, type SignedIn } from '../../../helpers/test-app.js';
import { createWorld, orderIn, orderRow, placeOrder, type World } from '../../orders/lifecycle/lifecycle-fixtures.js';
import { staffMember } from './staff-fixtures.js';

const CALLERS = ['administrator', 'sales', 'warehouse', 'finance', 'catalog', 'customer', 'apiKey'] as const;
type Caller = (typeof CALLERS)[number];
/** Statuses in CALLERS' order. */
type Expected = [number, number, number, number, number, number, number];

interface Row {
  what: string;
  /** Makes the call as `who` (a fresh target per caller where the call changes it). */
  call: (w: World, who: SignedIn, ctx: Ctx) => Promise<{ res: LightMyRequestResponse; unchanged: () => Promise<void> }>;
  expected: Expected;
}

interface Ctx {
  companyId: string;
}

const done = async () => undefined;

/** B2B §14: a fresh return Alice asked of her confirmed order, shipped and delivered (`authorized` if asked). */
async function aliceReturn(w: World, authorized = false): Promise<string> {
  const order = await orderIn(w, 'confirmed');
  await call(w.app, 'POST', `/api/orders/${order._id}/ship`, w.admin, { carrier: 'DHL', trackingNumber: 'T1' });
  await call(w.app, 'POST', `/api/orders/${order._id}/deliver`, w.alice);
  const made = await call(w.app, 'POST', `/api/orders/${order._id}/returns`, w.alice, {
    lines: [{ productId: w.gpu, quantity: 10, reason: 'damaged' }],
  });
  const id = String(made.json()._id);
  if (authorized) await call(w.app, 'POST', `/api/returns/${id}/authorize`, w.admin);
  return id;
}

const returnStatus = async (w: World, id: string) =>
  (await w.app.db.selectFrom('returns').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

const ROWS: Row[] = [
  {
    what: 'read every order: SPEC full list GET /api/order',
    call: async (w, who) => ({ res: await call(w.app, 'GET', '/api/order', who), unchanged: done }),
    expected: [200, 200, 200, 200, 403, 403, 200],
  },
  {
    what: "read every order: another's order page GET /api/orders/{id} (customers and catalog: as not theirs)",
    call: async (w, who) => {
      const order = await placeOrder(w);
      return { res: await call(w.app, 'GET', `/api/orders/${order._id}`, who), unchanged: done };
    },
    expected: [200, 200, 200, 200, 404, 404, 200],
  },
  {
    what: 'ship: POST /api/orders/{id}/ship',
    call: async (w, who) => {
      const order = await orderIn(w, 'confirmed');
      const res = await call(w.app, 'POST', `/api/orders/${order._id}/ship`, who, {
        carrier: 'DHL',
        trackingNumber: 'T1',
      });
      return {
        res,
        unchanged: async () => {
          const row = await orderRow(w, order._id);
          expect([row.status, row.carrier, row.tracking_number]).toEqual(['confirmed', null, null]);
        },
      };
    },
    expected: [200, 403, 200, 403, 404, 404, 200],
  },
  {
    what: 'shipments: POST /api/orders/{id}/shipments (B2B §14, part of the order)',
    call: async (w, who) => {
      const order = await orderIn(w, 'confirmed');
      const res = await call(w.app, 'POST', `/api/orders/${order._id}/shipments`, who, {
        lines: [{ productId: w.gpu, quantity: 50 }],
        carrier: 'DHL',
        trackingNumber: 'T1',
      });
      return {
        res,
        unchanged: async () => {
          const row = await orderRow(w, order._id);
          expect([row.status, row.carrier, row.tracking_number]).toEqual(['confirmed', null, null]);
        },
      };
    },
    expected: [200, 403, 200, 403, 404, 404, 200],
  },
  {
    what: 'deliver: POST /api/orders/{id}/shipments/{shipmentId}/deliver (B2B §14, one shipment)',
    call: async (w, who) => {
      const order = await orderIn(w, 'confirmed');
      const shipped = await call(w.app, 'POST', `/api/orders/${order._id}/shipments`, w.admin, {
        lines: [{ productId: w.gpu, quantity: 50 }],
        carrier: 'DHL',
        trackingNumber: 'T1',
      });
      const shipmentId: string = shipped.json().shipments[0]._id;
      const res = await call(w.app, 'POST', `/api/orders/${order._id}/shipments/${shipmentId}/deliver`, who);
      return {
        res,
        unchanged: async () => {
          const after = await call(w.app, 'GET', `/api/orders/${order._id}`, w.admin);
          expect(after.json().shipments[0].deliveredAt).toBeNull();
        },
      };
    },
    expected: [200, 403, 200, 403, 404, 404, 200],
  },
  {
    what: 'returns: POST /api/returns/{id}/authorize (B2B §14)',
    call: async (w, who) => {
      const id = await aliceReturn(w);
      const res = await call(w.app, 'POST', `/api/returns/${id}/authorize`, who);
      return { res, unchanged: async () => expect(await returnStatus(w, id)).toBe('requested') };
    },
    expected: [200, 200, 403, 200, 403, 403, 200],
  },
  {
    what: 'returns: POST /api/returns/{id}/reject (B2B §14)',
    call: async (w, who) => {
      const id = await aliceReturn(w);
      const res = await call(w.app, 'POST', `/api/returns/${id}/reject`, who, { reason: 'Used' });
      return { res, unchanged: async () => expect(await returnStatus(w, id)).toBe('requested') };
    },
    expected: [200, 200, 403, 200, 403, 403, 200],
  },
  {
    what: 'receive returns: POST /api/returns/{id}/receive (B2B §14; nothing arrived, so nothing is credited)',
    call: async (w, who) => {
      const id = await aliceReturn(w, true);
      const res = await call(w.app, 'POST', `/api/returns/${id}/receive`, who, {
        lines: [{ productId: w.gpu, quantity: 0, restock: false }],
      });
      return { res, unchanged: async () => expect(await returnStatus(w, id)).toBe('authorized') };
    },
    expected: [200, 403, 200, 403, 403, 403, 200],
  },
  {
    what: 'mark paid: POST /api/orders/{id}/mark-paid (an on-account order)',
    call: async (w, who) => {
      const order = await orderIn(w, 'confirmed', { payment_terms: 'account' });
      const res = await call(w.app, 'POST', `/api/orders/${order._id}/mark-paid`, who, { reference: 'BANK-1' });
      return {
        res,
        unchanged: async () => {
          const row = await orderRow(w, order._id);
          expect([row.paid_at, row.paid_reference]).toEqual([null, null]);
        },
      };
    },
    expected: [200, 403, 403, 200, 404, 404, 200],
  },
  {
    what: 'payment terms and credit limits: PATCH /api/admin/companies/{id}',
    call: async (w, who, { companyId }) => {
      const before = await w.app.db.selectFrom('companies').selectAll().where('id', '=', companyId).executeTakeFirst();
      const res = await call(w.app, 'PATCH', `/api/admin/companies/${companyId}`, who, {
        paymentTerms: 'net30',
        creditLimit: 5000,
      });
      // Put back, so the next caller's call is a change too.
      await w.app.db
        .updateTable('companies')
        .set({ payment_terms: 'card', credit_limit_cents: null })
        .where('id', '=', companyId)
        .execute();
      return {
        res,
        unchanged: async () => {
          expect([before?.payment_terms, before?.credit_limit_cents]).toEqual(['card', null]);
        },
      };
    },
    expected: [200, 403, 403, 200, 403, 403, 403],
  },
  {
    what: 'contract prices: PUT /api/admin/companies/{id}/prices',
    call: async (w, who, { companyId }) => {
      const res = await call(w.app, 'PUT', `/api/admin/companies/${companyId}/prices`, who, {
        prices: [{ productId: w.gpu, price: 2 }],
      });
      const count = async () =>
        (await w.app.db.selectFrom('company_prices').select('product_id').where('company_id', '=', companyId).execute())
          .length;
      const after = await count();
      await w.app.db.deleteFrom('company_prices').where('company_id', '=', companyId).execute();
      return { res, unchanged: async () => expect(after).toBe(0) };
    },
    expected: [200, 200, 403, 403, 403, 403, 403],
  },
  {
    what: 'the companies list: GET /api/admin/companies',
    call: async (w, who) => ({ res: await call(w.app, 'GET', '/api/admin/companies', who), unchanged: done }),
    expected: [200, 200, 403, 200, 403, 403, 403],
  },
  {
    what: "a company's balance: GET /api/admin/companies/{id}/balance",
    call: async (w, who, { companyId }) => ({
      res: await call(w.app, 'GET', `/api/admin/companies/${companyId}/balance`, who),
      unchanged: done,
    }),
    expected: [200, 200, 403, 200, 403, 403, 403],
  },
  {
    what: 'products: create POST /api/service',
    call: async (w, who) => {
      const count = async () => (await w.app.db.selectFrom('products').select('id').execute()).length;
      const before = await count();
      const res = await call(w.app, 'POST', '/api/service', who, {
        name: 'Matrix Part',
        price: 3,
        quantity: 10,
        availableQuantity: 100,
        description: 'A part',
        img: '/images/none.webp',
        sku: `KC-MX-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
        category: 'Parts',
      });
      return { res, unchanged: async () => expect(await count()).toBe(before) };
    },
    expected: [201, 403, 403, 403, 201, 403, 201],
  },
  {
    what: 'store figures: GET /api/admin/stats',
    call: async (w, who) => ({ res: await call(w.app, 'GET', '/api/admin/stats', who), unchanged: done }),
    expected: [200, 200, 403, 200, 403, 403, 403],
  },
  {
    what: 'users: GET /api/user',
    call: async (w, who) => ({ res: await call(w.app, 'GET', '/api/user', who), unchanged: done }),
    expected: [200, 403, 403, 403, 403, 403, 403],
  },
  {
    what: 'API keys: POST /api/admin/api-keys',
    call: async (w, who) => {
      const count = async () => (await w.app.db.selectFrom('api_keys').select('id').execute()).length;
      const before = await count();
      const res = await call(w.app, 'POST', '/api/admin/api-keys', who, { name: 'ERP', scopes: ['orders:read'] });
      return { res, unchanged: async () => expect(await count()).toBe(before) };
    },
    expected: [201, 403, 403, 403, 403, 403, 403],
  },
  {
    what: "staff roles: reset another's two-step sign-in DELETE /api/admin/staff/{email}/2fa (the Staff page's button)",
    call: async (w, who) => {
      // A fresh account per caller with two-step sign-in on (its row written here; the setup has tests of its own).
      const email = `twostep-${Math.random().toString(36).slice(2, 10)}@example.com`;
      const target = await signUp(w.app, 'Tess Twostep', email);
      const at = new Date().toISOString();
      await w.app.db
        .insertInto('two_factor')
        .values({ user_id: target.id, secret_sealed: 'sealed', enabled_at: at, last_step: null, created_at: at })
        .execute();
      const rows = () => w.app.db.selectFrom('two_factor').select('user_id').where('user_id', '=', target.id).execute();
      const res = await call(w.app, 'DELETE', `/api/admin/staff/${email}/2fa`, who);
      return { res, unchanged: async () => expect(await rows()).toHaveLength(1) };
    },
    expected: [204, 403, 403, 403, 403, 403, 403],
  },
];

describe.each(databases)('the staff permissions table on %s', (kind) => {
  let w: World;
  let ctx: Ctx;
  const callers = {} as Record<Caller, SignedIn>;

  beforeAll(async () => {
    w = await createWorld(kind);
    callers.administrator = w.admin;
    const roles: Array<[Exclude<StaffRole, 'administrator'>, string]> = [
      ['sales', 'Sam Sales'],
      ['warehouse', 'Wes Warehouse'],
      ['finance', 'Fay Finance'],
      ['catalog', 'Cat Catalog'],
    ];
    for (const [role, name] of roles) callers[role] = await staffMember(w, role, name, `${role}@example.com`);
    callers.customer = w.bob;
    const made = await call(w.app, 'POST', '/api/admin/api-keys', w.admin, {
      name: 'Everything',
      scopes: ['orders:read', 'orders:write', 'catalog:write'],
    });
    const key = String(made.json().key);
    callers.apiKey = { token: key, id: '', email: '', name: 'key', auth: { authorization: `Bearer ${key}` } };
    const at = new Date().toISOString();
    ctx = { companyId: 'c0ffee0000000000000000aa' };
    await w.app.db
      .insertInto('companies')
      .values({
        id: ctx.companyId,
        name: 'Matrix Co',
        tax_id: null,
        billing_address: 'a',
        created_at: at,
        updated_at: at,
      })
      .execute();
  });
  afterAll(() => w.t.close());

  for (const row of ROWS) {
    it(row.what, async () => {
      const actual: Record<string, number> = {};
      for (const caller of CALLERS) {
        const { res, unchanged } = await row.call(w, callers[caller], ctx);
        actual[caller] = res.statusCode;
        if (res.statusCode === 403 || res.statusCode === 404) await unchanged();
        if (res.statusCode === 403 && caller !== 'apiKey' && caller !== 'customer') {
          expect(res.json().error.message).toMatch(
            /^Your staff role does not allow this: it needs the [a-z.]+ permission$/,
          );
        }
      }
      expect(actual).toEqual(Object.fromEntries(CALLERS.map((c, i) => [c, row.expected[i]])));
    });
  }

  it('answers a staff member without orders.read as a customer on the calls every customer makes', async () => {
    const mine = await placeOrder(w, callers.catalog);
    await placeOrder(w);
    const search = await call(w.app, 'GET', '/api/orders/search', callers.catalog);
    expect(search.statusCode).toBe(200);
    expect(search.json().items.map((o: { _id: string }) => o._id)).toEqual([mine._id]);
    const csv = await call(w.app, 'GET', '/api/orders.csv', callers.catalog);
    expect(csv.statusCode).toBe(200);
    // The header, then one row per line of their own order (two lines), and nobody else's.
    const rows = csv.body.trim().split('\r\n').slice(1);
    expect([rows.length, rows.every((r) => r.startsWith(`${mine._id},`))]).toEqual([2, true]);
    const all = await call(w.app, 'GET', '/api/orders/search?pageSize=100', callers.sales);
    const total = (await w.app.db.selectFrom('orders').select('id').execute()).length;
    expect(all.json().total).toBe(total);
    // Their own order's page is theirs as for anyone.
    expect((await call(w.app, 'GET', `/api/orders/${mine._id}`, callers.catalog)).statusCode).toBe(200);
  });
});
