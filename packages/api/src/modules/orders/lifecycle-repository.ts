// SQL of the order lifecycle (B2B §4): status changes guarded by the status they start from, and the background
// questions of the expiry job. Rows in, rows out; the rules are in lifecycle.ts.
import type { Transaction, Updateable } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import { OPEN_ORDER_STATUSES } from '@kestrel/shared';
import type { Database, OrdersTable, OrderStatus } from '../../infra/db/schema.js';

/** Every change of an order says when it happened: the integration poll (B2B §9) follows `updated_at`. */
export type OrderChange = Updateable<OrdersTable> & { updated_at: string };

/**
 * Moves the order from `from` to whatever `change` says, only if it is still in `from`: of two transitions racing
 * from the same status, exactly one updates the row (the other waits for the row lock, then matches nothing).
 */
export async function changeStatus(
  trx: Transaction<Database>,
  id: string,
  from: OrderStatus,
  change: OrderChange,
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set(change)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks a cancelled order's payment refunded once; answers whether this call did it. */
export async function markRefunded(trx: Transaction<Database>, id: string, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ refunded_at: at, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'cancelled')
    .where('refunded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Orders awaiting payment or approval whose hold ended by `now`, in id order after `afterId` (one batch). */
export async function dueForExpiry(db: Db, now: string, afterId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('status', 'in', OPEN_ORDER_STATUSES)
    .where('expires_at', '<=', now)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** Cancelled card orders that were paid and whose refund has not been recorded yet (a crash or a provider outage). */
export async function cancelledAwaitingRefund(db: Db, afterId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'cancelled')
    .where('payment_terms', '=', 'card')
    .where('paid_at', 'is not', null)
    .where('refunded_at', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}
