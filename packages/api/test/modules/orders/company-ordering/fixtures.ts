// A company world for issue #25's tests: an owner, a buyer with a spending limit, a buyer without, a viewer, an
// outsider and the admin; one product; a webhook endpoint subscribed to every event (rows are asserted, not sent).
import type { Order } from '@kestrel/shared';
import type { BuildOptions } from '../../../../src/app.js';
import type { DatabaseKind } from '../../../helpers/databases.js';
import { call, type SignedIn, type TestApp } from '../../../helpers/test-app.js';
import { arrangeCompany, buildWorld } from '../../../helpers/world.js';

export const where = { phone: '+1 555 0100', address: '1 Dock Road' };

export interface CompanyWorld {
  t: TestApp;
  admin: SignedIn;
  owner: SignedIn;
  /** A buyer whose spending limit is $100. */
  limited: SignedIn;
  /** A buyer without a limit. */
  free: SignedIn;
  viewer: SignedIn;
  outsider: SignedIn;
  /** $10 a unit, 100,000 in stock. */
  cpu: string;
  companyId: string;
}

/** A part sold in packs, for the quotes and lists: minimum 100, packs of 10, at most 500 an order, 1,000 in stock,
 * $20.00, $18.50 from 200. */
export const GEAR = {
  name: 'Gear',
  sku: 'KC-GEAR-9',
  price: 20,
  quantity: 100,
  availableQuantity: 1000,
  packSize: 10,
  maxQuantity: 500,
  priceBreaks: [{ minQuantity: 200, price: 18.5 }],
};

export async function createCompanyWorld(
  kind: DatabaseKind,
  terms: { paymentTerms: 'card' | 'net15' | 'net30' | 'net60'; creditLimitCents: number | null },
  /** More of the app's build options (the quotes' clock). */
  options: BuildOptions = {},
): Promise<CompanyWorld> {
  const { t, admin, people, products } = await buildWorld(kind, {
    env: { WEBHOOK_ALLOW_PRIVATE: 'true' },
    options,
    people: {
      owner: ['Olga Owner', 'olga@example.com'],
      limited: ['Lee Limited', 'lee@example.com'],
      free: ['Fay Free', 'fay@example.com'],
      viewer: ['Vic Viewer', 'vic@example.com'],
      outsider: ['Otto Outsider', 'otto@example.com'],
    },
    products: { cpu: { name: 'CPU', sku: 'KC-CPU-1', price: 10, quantity: 1, availableQuantity: 100_000 } },
  });
  const { owner, limited, free, viewer } = people;
  const companyId = 'aaaaaaaaaaaaaaaaaaaaaaa1';
  await arrangeCompany(t, {
    id: companyId,
    name: 'Acme Parts',
    ...terms,
    members: [
      { who: owner, role: 'owner' },
      { who: limited, role: 'buyer', spendingLimitCents: 10_000 },
      { who: free, role: 'buyer' },
      { who: viewer, role: 'viewer' },
    ],
  });
  const hook = await call(t.app, 'POST', '/api/admin/webhooks', admin, {
    url: 'http://127.0.0.1:9/hook',
    events: ['*'],
  });
  if (hook.statusCode !== 201) throw new Error(`webhook: ${hook.statusCode} ${hook.body}`);
  return { t, admin, ...people, cpu: products.cpu, companyId };
}

/** Places an order of `units` CPUs ($10 each); answers the HTTP answer. */
export function order(w: CompanyWorld, who: SignedIn, units: number, extra: Record<string, unknown> = {}) {
  return call(w.t.app, 'POST', '/api/orders', who, {
    lines: [{ productId: w.cpu, quantity: units }],
    ...where,
    ...extra,
  });
}

export async function placed(w: CompanyWorld, who: SignedIn, units: number, extra: Record<string, unknown> = {}) {
  const res = await order(w, who, units, extra);
  if (res.statusCode !== 201) throw new Error(`order: ${res.statusCode} ${res.body}`);
  return res.json<{ order: Order }>().order;
}

export async function stockOf(w: CompanyWorld): Promise<number> {
  const row = await w.t.app.db
    .selectFrom('products')
    .select('available_quantity')
    .where('id', '=', w.cpu)
    .executeTakeFirstOrThrow();
  return Number(row.available_quantity);
}

export async function openOrdersOf(w: CompanyWorld, who: SignedIn): Promise<number> {
  const row = await w.t.app.db
    .selectFrom('users')
    .select('open_orders')
    .where('id', '=', who.id)
    .executeTakeFirstOrThrow();
  return Number(row.open_orders);
}

export async function mailsOf(w: CompanyWorld, orderId: string) {
  return w.t.app.db
    .selectFrom('mail_outbox')
    .select(['kind', 'to_address', 'subject', 'dedupe_key', 'content'])
    .where('dedupe_key', 'like', `%${orderId}%`)
    .orderBy('dedupe_key')
    .execute();
}

export async function eventsOf(w: CompanyWorld, orderId: string): Promise<string[]> {
  const rows = await w.t.app.db
    .selectFrom('webhook_messages')
    .select(['type', 'body'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.filter((r) => r.body.includes(orderId)).map((r) => r.type);
}
