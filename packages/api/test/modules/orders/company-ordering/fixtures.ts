// A company world for issue #25's tests: an owner, a buyer with a spending limit, a buyer without, a viewer, an
// outsider and the admin; one product; a webhook endpoint subscribed to every event (rows are asserted, not sent).
import type { Order } from '@kestrel/shared';
import type { BuildOptions } from '../../../../src/app.js';
import type { DatabaseKind } from '../../../helpers/databases.js';
import {
  ADMIN,
  addProduct,
  call,
  createTestApp,
  logIn,
  signUp,
  type SignedIn,
  type TestApp,
} from '../../../helpers/test-app.js';

export const where = { phone: '+1 555 0100', address: '1 Dock Road' };
const AT = '2026-01-01T00:00:00.000Z';

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

export async function createCompanyWorld(
  kind: DatabaseKind,
  terms: { paymentTerms: 'card' | 'net15' | 'net30' | 'net60'; creditLimitCents: number | null },
  /** More of the app's build options (the quotes' clock). */
  options: BuildOptions = {},
): Promise<CompanyWorld> {
  const t = await createTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' }, options);
  const admin = await logIn(t.app, ADMIN.email, ADMIN.password);
  const [owner, limited, free, viewer, outsider] = [
    await signUp(t.app, 'Olga Owner', 'olga@example.com'),
    await signUp(t.app, 'Lee Limited', 'lee@example.com'),
    await signUp(t.app, 'Fay Free', 'fay@example.com'),
    await signUp(t.app, 'Vic Viewer', 'vic@example.com'),
    await signUp(t.app, 'Otto Outsider', 'otto@example.com'),
  ];
  const cpu = await addProduct(t.app, admin, {
    name: 'CPU',
    sku: 'KC-CPU-1',
    price: 10,
    quantity: 1,
    availableQuantity: 100_000,
  });
  const companyId = 'aaaaaaaaaaaaaaaaaaaaaaa1';
  await t.app.db
    .insertInto('companies')
    .values({
      id: companyId,
      name: 'Acme Parts',
      billing_address: '1 Dock Road',
      payment_terms: terms.paymentTerms,
      credit_limit_cents: terms.creditLimitCents,
      created_at: AT,
      updated_at: AT,
    })
    .execute();
  await t.app.db
    .insertInto('company_members')
    .values([
      { user_id: owner.id, company_id: companyId, role: 'owner', spending_limit_cents: null, joined_at: AT },
      { user_id: limited.id, company_id: companyId, role: 'buyer', spending_limit_cents: 10_000, joined_at: AT },
      { user_id: free.id, company_id: companyId, role: 'buyer', spending_limit_cents: null, joined_at: AT },
      { user_id: viewer.id, company_id: companyId, role: 'viewer', spending_limit_cents: null, joined_at: AT },
    ])
    .execute();
  const hook = await call(t.app, 'POST', '/api/admin/webhooks', admin, {
    url: 'http://127.0.0.1:9/hook',
    events: ['*'],
  });
  if (hook.statusCode !== 201) throw new Error(`webhook: ${hook.statusCode} ${hook.body}`);
  return { t, admin, owner, limited, free, viewer, outsider, cpu, companyId };
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
