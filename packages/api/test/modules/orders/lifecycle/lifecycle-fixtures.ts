// Shared steps of the order lifecycle tests (B2B §4), all on the real app: orders placed and paid through HTTP, states
// the API cannot reach yet (on-account orders, awaiting approval, a hold already over) arranged in the database.
import type { Order, OrderStatus } from '@kestrel/shared';
import type { FastifyInstance } from 'fastify';
import type { Updateable } from 'kysely';
import { expect } from 'vitest';
import type { OrdersTable } from '../../../../src/infra/db/schema.js';
import type { DatabaseKind } from '../../../helpers/databases.js';
import { call, type SignedIn, type TestApp } from '../../../helpers/test-app.js';
import { buildWorld, type WorldPlan } from '../../../helpers/world.js';
import { clientSecretFor, confirm, intentIdOf } from '../../payments/payment-fixtures.js';

export interface World {
  t: TestApp;
  app: FastifyInstance;
  admin: SignedIn;
  alice: SignedIn;
  bob: SignedIn;
  /** Two products, so returned stock is checked per product: 100 minimum, $2.50 and $4.00, 100,000 in stock. */
  gpu: string;
  psu: string;
}

export const START_STOCK = 100_000;

/** The shop's world: two buyers of their own and two products; the webhooks' world is the same plan with a clock. */
export const SHOP_PLAN = {
  people: { alice: ['Alice Buyer', 'alice@example.com'], bob: ['Bob Other', 'bob@example.com'] },
  products: {
    gpu: { quantity: 100, availableQuantity: START_STOCK, name: 'Kestrel GPU Bracket', price: 2.5 },
    psu: { quantity: 100, availableQuantity: START_STOCK, name: 'Kestrel PSU Cable', price: 4 },
  },
} satisfies WorldPlan<'gpu' | 'psu', 'alice' | 'bob'>;

/** The shop's world on an app built with `plan`'s settings and options. */
export async function createShopWorld(
  kind: DatabaseKind,
  plan: Pick<WorldPlan<never, never>, 'env' | 'options'> = {},
): Promise<World> {
  const { t, admin, people, products } = await buildWorld(kind, { ...SHOP_PLAN, ...plan });
  return { t, app: t.app, admin, ...people, ...products };
}

export function createWorld(kind: DatabaseKind, env: Record<string, string> = {}): Promise<World> {
  return createShopWorld(kind, { env });
}

/** Places Alice's (or `who`'s) order of 200 GPU brackets and 300 PSU cables: $500 + $1,200 = $1,700. */
export async function placeOrder(w: World, who: SignedIn = w.alice): Promise<Order> {
  const res = await call(w.app, 'POST', '/api/orders', who, {
    lines: [
      { productId: w.gpu, quantity: 200 },
      { productId: w.psu, quantity: 300 },
    ],
    phone: '555-0100',
    address: '1 Dock Rd',
    poNumber: 'PO-77',
  });
  expect(res.statusCode).toBe(201);
  const body: { order: Order } = res.json();
  return body.order;
}

export const ORDER_TOTAL_CENTS = 170_000;

export async function stockOf(w: World): Promise<{ gpu: number; psu: number }> {
  const rows = await w.app.db.selectFrom('products').select(['id', 'available_quantity']).execute();
  const of = (id: string) => Number(rows.find((r) => r.id === id)?.available_quantity);
  return { gpu: of(w.gpu), psu: of(w.psu) };
}

export async function openOrdersOf(w: World, who: SignedIn): Promise<number> {
  const row = await w.app.db.selectFrom('users').select('open_orders').where('id', '=', who.id).executeTakeFirst();
  return Number(row?.open_orders);
}

export function orderRow(w: World, id: string) {
  return w.app.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Puts an order in a state directly (statuses the API reaches through features not built here, or a past hold). */
export async function arrange(w: World, id: string, change: Updateable<OrdersTable>): Promise<void> {
  await w.app.db.updateTable('orders').set(change).where('id', '=', id).execute();
}

/** An order of Alice's in `status` (card, unpaid unless `paid`), its history ending in that status. */
export async function orderIn(w: World, status: OrderStatus, change: Updateable<OrdersTable> = {}): Promise<Order> {
  const order = await placeOrder(w);
  const history =
    status === 'pending' ? order.statusHistory : [...order.statusHistory, { status, at: '2026-01-02T03:04:05.000Z' }];
  await arrange(w, order._id, { status, status_history: JSON.stringify(history), ...change });
  return order;
}

/** Charges the order at the sandbox processor; answers the intent id (the order is not told yet). */
export async function charge(w: World, orderId: string, who: SignedIn = w.alice): Promise<string> {
  const secret = await clientSecretFor(w.app, who, orderId);
  const res = await confirm(w.app, secret);
  expect(res.json().status).toBe('succeeded');
  return intentIdOf(secret);
}

/** Charges and reports the payment, as the storefront does: the order is paid and confirmed. */
export async function payByCard(w: World, orderId: string): Promise<string> {
  const intentId = await charge(w, orderId);
  const res = await call(w.app, 'PATCH', `/api/orders/${orderId}`, w.alice, {
    order: orderId,
    transactionId: intentId,
  });
  expect(res.statusCode).toBe(200);
  return intentId;
}

export function sandboxIntentsOf(w: World, orderId: string) {
  return w.app.db
    .selectFrom('sandbox_intents')
    .select(['id', 'status', 'amount_received', 'amount_refunded'])
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

/** The lifecycle messages queued in the outbox for one order, by dedupe key, with the text they will be sent with. */
export async function mailsOf(w: World, orderId: string) {
  const rows = await w.app.db
    .selectFrom('mail_outbox')
    .select(['dedupe_key', 'kind', 'to_address', 'subject', 'content'])
    .where('dedupe_key', 'like', `%:${orderId}`)
    .orderBy('id')
    .execute();
  return rows.map(({ content, ...row }) => ({ ...row, text: w.app.mail.bodies(content).text }));
}

export function post(w: World, who: SignedIn | undefined, url: string, body?: unknown) {
  return call(w.app, 'POST', url, who, body);
}

/** Where, in the buyer's payment (charge at the processor, then report it), the competing step starts. */
export const RACE_STAGES = ['before', 'with-charge', 'between', 'with-report'] as const;
export type RaceStage = (typeof RACE_STAGES)[number];

/**
 * Runs the buyer's payment of the order (charge `secret`, then PATCH it) and `compete` (a cancel, delete or expiry
 * pass) started at `stage`: before it, at once with the charge, between charge and report, or at once with the
 * report. Answers the payment's last status (the confirm's when the charge failed) and what `compete` answered.
 */
export async function raceWithPayment<T>(
  w: World,
  orderId: string,
  secret: string,
  stage: RaceStage,
  compete: () => Promise<T>,
): Promise<{ payStatus: number; competed: T }> {
  let competing: Promise<T> | undefined = stage === 'before' ? Promise.resolve(await compete()) : undefined;
  const charging = confirm(w.app, secret);
  if (stage === 'with-charge') competing = compete();
  const charged = await charging;
  if (stage === 'between') competing = Promise.resolve(await compete());
  let payStatus = charged.statusCode;
  if (charged.json().status === 'succeeded') {
    const reporting = call(w.app, 'PATCH', `/api/orders/${orderId}`, w.alice, {
      order: orderId,
      transactionId: intentIdOf(secret),
    });
    if (stage === 'with-report') competing = compete();
    payStatus = (await reporting).statusCode;
  }
  return { payStatus, competed: await (competing ?? compete()) };
}
