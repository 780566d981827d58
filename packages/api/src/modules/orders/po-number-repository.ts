// SQL of the checkout's PO-number check (issue 47): orders of a buyer, or of their company, that carry a PO number,
// compared without case along orders_po_number_lower (migration 016).
import { CLOSED_ORDER_STATUSES } from '@kestrel/shared';
import { sql } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';

/** How many earlier orders the warning names. */
export const PO_NUMBER_CHECK_LIMIT = 5;

/**
 * The newest orders of `userId`, or of `companyId` when given, whose PO number is `poNumber` in any case; orders that
 * ended without going ahead (cancelled, expired, rejected) do not count, their PO is free to use again.
 */
export function ordersWithPoNumber(db: Db, poNumber: string, userId: string, companyId: string | null) {
  return db
    .selectFrom('orders')
    .select(['id', 'number', 'created_at'])
    .where(sql<string>`lower(po_number)`, '=', poNumber.toLowerCase())
    .where((eb) =>
      companyId === null
        ? eb('user_id', '=', userId)
        : eb.or([eb('user_id', '=', userId), eb('company_id', '=', companyId)]),
    )
    .where('status', 'not in', CLOSED_ORDER_STATUSES)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(PO_NUMBER_CHECK_LIMIT)
    .execute();
}
