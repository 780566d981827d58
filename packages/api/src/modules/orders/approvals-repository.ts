// SQL of approvals (approvals.ts has the rules).
import type { Transaction } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { Database } from '../../infra/db/schema.js';
import type { OrderRow } from './repository.js';

/** The company's orders awaiting approval, oldest first (the first to expire on top). */
export function awaitingApproval(db: Db, companyId: string): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('status', '=', 'awaiting_approval')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Issue 47: orders awaiting approval, not yet reminded, that expire in (now, until], in (expires_at, id) order after
 * `after` (one page; the orders_status_expires_at index of migration 007 walks them).
 */
export async function dueForReminder(
  db: Db,
  now: string,
  until: string,
  after: { expiresAt: string; id: string } | null,
  limit: number,
): Promise<OrderRow[]> {
  let query = db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'awaiting_approval')
    .where('expires_at', '>', now)
    .where('expires_at', '<=', until)
    .where('approval_reminded_at', 'is', null);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('expires_at', '>', after.expiresAt),
        eb.and([eb('expires_at', '=', after.expiresAt), eb('id', '>', after.id)]),
      ]),
    );
  }
  return query.orderBy('expires_at').orderBy('id').limit(limit).execute();
}

/** Marks the order reminded once; answers whether this call did (of two runs at once, one reminds). */
export async function markReminded(trx: Transaction<Database>, id: string, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ approval_reminded_at: at })
    .where('id', '=', id)
    .where('status', '=', 'awaiting_approval')
    .where('approval_reminded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
