// Shared steps of the returns tests (B2B §14), on the real app: a company on account (owner, two buyers, a viewer),
// an outsider who orders by card on their own, orders paid, shipped and delivered through HTTP; only the age of a
// delivery is arranged in the database.
import type { Order, Return } from '@kestrel/shared';
import { expect } from 'vitest';
import { createCompanyWorld, placed, type CompanyWorld } from '../orders/company-ordering/fixtures.js';
import type { DatabaseKind } from '../../helpers/databases.js';
import { call, type SignedIn } from '../../helpers/test-app.js';
import { clientSecretFor, confirm, intentIdOf } from '../payments/payment-fixtures.js';

export type ReturnsWorld = CompanyWorld;

const DAY_MS = 86_400_000;

/** The company world on net30 terms (on account, no credit limit), RETURN_DAYS as given. */
export function createReturnsWorld(kind: DatabaseKind): Promise<ReturnsWorld> {
  return createCompanyWorld(kind, { paymentTerms: 'net30', creditLimitCents: null });
}

/** Every order placed from now on is taxed at this US rate (null: untaxed). */
export async function taxAt(w: ReturnsWorld, rate: number | null): Promise<void> {
  const res = await call(w.t.app, 'PUT', '/api/admin/tax-rates', w.admin, {
    rates: rate === null ? [] : [{ country: 'US', rate, name: 'Sales tax' }],
  });
  expect(res.statusCode, res.body).toBe(200);
}

export const post = (w: ReturnsWorld, who: SignedIn | undefined, url: string, body?: unknown) =>
  call(w.t.app, 'POST', url, who, body);

/** Ships and delivers an order, as the admin and then its buyer do. */
export async function shipAndDeliver(w: ReturnsWorld, order: Order, buyer: SignedIn): Promise<Order> {
  const shipped = await post(w, w.admin, `/api/orders/${order._id}/ship`, { carrier: 'DHL', trackingNumber: 'T-1' });
  expect(shipped.statusCode).toBe(200);
  const delivered = await post(w, buyer, `/api/orders/${order._id}/deliver`);
  expect(delivered.statusCode).toBe(200);
  return delivered.json<Order>();
}

/** A company member's on-account order of `units` CPUs ($10 each), delivered. */
export async function deliveredOnAccount(w: ReturnsWorld, who: SignedIn, units: number): Promise<Order> {
  const order = await placed(w, who, units, { paymentTerms: 'account' });
  expect(order.status).toBe('confirmed');
  return shipAndDeliver(w, order, who);
}

/** The outsider's own card order of `units` CPUs, paid at the sandbox (confirmed). */
export async function paidByCard(w: ReturnsWorld, units: number, who: SignedIn = w.outsider): Promise<Order> {
  const order = await placed(w, who, units);
  const secret = await clientSecretFor(w.t.app, who, order._id);
  expect((await confirm(w.t.app, secret)).json().status).toBe('succeeded');
  const paid = await call(w.t.app, 'PATCH', `/api/orders/${order._id}`, who, {
    order: order._id,
    transactionId: intentIdOf(secret),
  });
  expect(paid.statusCode).toBe(200);
  return (await call(w.t.app, 'GET', `/api/orders/${order._id}`, who)).json<Order>();
}

/** The outsider's own card order of `units` CPUs, paid at the sandbox and delivered. */
export async function deliveredByCard(w: ReturnsWorld, units: number, who: SignedIn = w.outsider): Promise<Order> {
  return shipAndDeliver(w, await paidByCard(w, units, who), who);
}

/** Moves the delivery of every shipment of the order `days` whole days (and `extraMs`) into the past. */
export async function ageDelivery(w: ReturnsWorld, orderId: string, days: number, extraMs = 0): Promise<void> {
  const at = new Date(Date.now() - days * DAY_MS - extraMs).toISOString();
  await w.t.app.db
    .updateTable('shipments')
    .set({ delivered_at: at })
    .where('order_id', '=', orderId)
    .where('delivered_at', 'is not', null)
    .execute();
}

export const reasonLine = (productId: string, quantity: number, reason = 'damaged in transit') => ({
  productId,
  quantity,
  reason,
});

/** Asks for a return and expects it made. */
export async function requested(
  w: ReturnsWorld,
  who: SignedIn,
  orderId: string,
  lines: Array<{ productId: string; quantity: number; reason: string }>,
): Promise<Return> {
  const res = await post(w, who, `/api/orders/${orderId}/returns`, { lines });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Return>();
}

export async function returnMails(w: ReturnsWorld, returnId: string) {
  const rows = await w.t.app.db
    .selectFrom('mail_outbox')
    .select(['dedupe_key', 'to_address', 'subject', 'content'])
    .where('dedupe_key', 'like', `return-%:${returnId}`)
    .orderBy('id')
    .execute();
  return rows.map(({ content, ...row }) => ({ ...row, text: w.t.app.mail.bodies(content).text }));
}

export async function returnEvents(w: ReturnsWorld, returnId: string): Promise<string[]> {
  const rows = await w.t.app.db
    .selectFrom('webhook_messages')
    .select(['type', 'body'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.filter((r) => r.type.startsWith('return.') && r.body.includes(returnId)).map((r) => r.type);
}
