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
  orderId: string,
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
