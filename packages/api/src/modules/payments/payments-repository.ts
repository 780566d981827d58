// SQL of the shop's payments table: one row per provider intent, following the intent's status.
import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import { newId } from '../../infra/db/ids.js';
import type { Database } from '../../infra/db/schema.js';
import type { PaymentProviderName } from '@kestrel/shared';
import type { ProviderIntent } from './payment-provider.js';
import type { PaymentsTable } from '../../infra/db/payment-tables.js';

export type PaymentRow = Selectable<PaymentsTable>;
type Executor = Db | Transaction<Database>;

/**
 * Records the intent once (a repeated create finds the same intent and changes nothing), then moves its status
 * only when it really changed, so a replayed notification leaves updated_at alone. A voided intent is settled: the
 * sweep has nothing more to ask about it; `settled` says this one paid its order (the same).
 */
export async function savePayment(
  db: Executor,
  provider: PaymentProviderName,
  intent: ProviderIntent,
  /** Null for a charge of an order that no longer exists (its refund is still recorded). */
  orderId: string | null,
  at: string,
  settled = false,
): Promise<void> {
  const settledAt = settled || intent.status === 'canceled' ? at : null;
  await db
    .insertInto('payments')
    .values({
      id: newId(),
      provider,
      intent_id: intent.id,
      order_id: orderId,
      order_ref: orderId ?? intent.orderId,
      amount_cents: intent.amountCents,
      currency: intent.currency,
      status: intent.status,
      created_at: at,
      updated_at: at,
      settled_at: settledAt,
    })
    .onConflict((oc) => oc.columns(['provider', 'intent_id']).doNothing())
    .execute();
  await db
    .updateTable('payments')
    .set({ status: intent.status, updated_at: at })
    .where('provider', '=', provider)
    .where('intent_id', '=', intent.id)
    .where('status', '!=', intent.status)
    .execute();
  if (settledAt) await markSettled(db, provider, intent.id, settledAt);
}

/** Nothing more to do for this intent (voided, refunded, or it paid its order): the sweep stops reading it. */
export async function markSettled(db: Executor, provider: PaymentProviderName, intentId: string, at: string) {
  await db
    .updateTable('payments')
    .set({ settled_at: at })
    .where('provider', '=', provider)
    .where('intent_id', '=', intentId)
    .where('settled_at', 'is', null)
    .execute();
}

/** Every intent opened for the order, including after the order was deleted (order_ref outlives order_id). */
export function listPaymentsOfOrder(db: Executor, orderId: string): Promise<PaymentRow[]> {
  return db.selectFrom('payments').selectAll().where('order_ref', '=', orderId).orderBy('id', 'asc').execute();
}

export function findPayment(db: Executor, provider: PaymentProviderName, intentId: string) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('provider', '=', provider)
    .where('intent_id', '=', intentId)
    .executeTakeFirst();
}

/** Notes the intent's refund once; a later or concurrent second refund of the same intent changes nothing. */
export async function markRefunded(
  db: Executor,
  provider: PaymentProviderName,
  intentId: string,
  refundId: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('payments')
    .set({ refund_id: refundId, refunded_at: at, updated_at: at, settled_at: at })
    .where('provider', '=', provider)
    .where('intent_id', '=', intentId)
    .where('refunded_at', 'is', null)
    .execute();
}

/** How many of the order's intents at this amount were voided: the next intent is attempt number this. */
export async function countVoided(db: Executor, orderId: string, amountCents: number): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('order_id', '=', orderId)
    .where('amount_cents', '=', amountCents)
    .where('status', '=', 'canceled')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** An unsettled intent the sweep looks at, with what its order is now (null: the order is gone). */
export interface UnsettledPayment {
  intent_id: string;
  amount_cents: number;
  order_ref: string | null;
  order_status: string | null;
  order_paid_by: string | null;
}

/**
 * The unsettled intents of orders that can no longer be paid (not `pending`, paid, or gone), plus those that paid
 * their order (the caller only marks them settled), after `afterId` in id order. The partial index on unsettled rows
 * keeps this to the few rows with work left, however many payments the shop has taken. Reads the orders table only
 * to know whether each intent's order may still be paid.
 */
export async function unsettledOfUnpayable(
  db: Db,
  provider: PaymentProviderName,
  afterId: string,
  limit: number,
): Promise<Array<UnsettledPayment & { id: string }>> {
  return db
    .selectFrom('payments as p')
    .leftJoin('orders as o', 'o.id', 'p.order_ref')
    .select([
      'p.id',
      'p.intent_id',
      'p.amount_cents',
      'p.order_ref',
      'o.status as order_status',
      'o.transaction_id as order_paid_by',
    ])
    .where('p.settled_at', 'is', null)
    .where('p.provider', '=', provider)
    .where('p.id', '>', afterId)
    .where((eb) => eb.or([eb('o.id', 'is', null), eb('o.status', '!=', 'pending'), eb('o.paid_at', 'is not', null)]))
    .orderBy('p.id')
    .limit(limit)
    .execute();
}
