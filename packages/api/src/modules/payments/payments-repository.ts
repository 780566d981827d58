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
 * only when it really changed, so a replayed notification leaves updated_at alone.
 */
export async function savePayment(
  db: Executor,
  provider: PaymentProviderName,
  intent: ProviderIntent,
  /** Null for a charge of an order that no longer exists (its refund is still recorded). */
  orderId: string | null,
  at: string,
): Promise<void> {
  await db
    .insertInto('payments')
    .values({
      id: newId(),
      provider,
      intent_id: intent.id,
      order_id: orderId,
      amount_cents: intent.amountCents,
      currency: intent.currency,
      status: intent.status,
      created_at: at,
      updated_at: at,
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
}

export function listPaymentsOfOrder(db: Executor, orderId: string): Promise<PaymentRow[]> {
  return db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id', 'asc').execute();
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
    .set({ refund_id: refundId, refunded_at: at, updated_at: at })
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
