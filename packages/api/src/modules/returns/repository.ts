// The SQL of returns (B2B §14, migration 040): returns and their lines, the units of an order that returns hold, the
// restock, and the order line's count of units received back. Rules live in service.ts.
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import { HOLDING_RETURN_STATUSES, type ReturnStatus } from '@kestrel/shared';
import type { Database, ReturnLinesTable, ReturnsTable } from '../../infra/db/schema.js';

export type ReturnRow = Selectable<ReturnsTable>;
export type ReturnLineRow = Selectable<ReturnLinesTable>;
type Executor = Kysely<Database>;

/**
 * Holds the order's row until the caller's transaction ends, by a no-op update: two requests or receives of one
 * order's returns run one after the other on PostgreSQL (SQLite runs one write transaction at a time anyway). Every
 * change of a return takes it first, so what one counts the other sees committed. Answers whether the order exists.
 */
export async function holdOrder(trx: Transaction<Database>, orderId: string): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', orderId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Per product, the units of the order that its returns hold: all those asked in a return still requested or
 * authorized, and those received by a received one (a rejected return holds none).
 */
export async function heldUnits(trx: Executor, orderId: string): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('return_lines')
    .innerJoin('returns', 'returns.id', 'return_lines.return_id')
    .select(['return_lines.product_id', 'return_lines.quantity', 'return_lines.received_quantity', 'returns.status'])
    .where('returns.order_id', '=', orderId)
    .where('returns.status', 'in', [...HOLDING_RETURN_STATUSES])
    .execute();
  const held = new Map<string, number>();
  for (const r of rows) {
    const units = r.status === 'received' ? Number(r.received_quantity) : Number(r.quantity);
    held.set(r.product_id, (held.get(r.product_id) ?? 0) + units);
  }
  return held;
}

export async function insertReturn(
  trx: Transaction<Database>,
  row: Insertable<ReturnsTable>,
  lines: Insertable<ReturnLinesTable>[],
): Promise<void> {
  await trx.insertInto('returns').values(row).execute();
  await trx.insertInto('return_lines').values(lines).execute();
}

export const findReturn = (db: Executor, id: string): Promise<ReturnRow | undefined> =>
  db.selectFrom('returns').selectAll().where('id', '=', id).executeTakeFirst();

export async function linesOfReturns(db: Executor, ids: string[]): Promise<ReturnLineRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('return_lines')
    .selectAll()
    .where('return_id', 'in', ids)
    .orderBy('return_id')
    .orderBy('line_no')
    .execute();
}

/** Who sees which returns in a list: one person's, one company's (and its members' personal ones), or all. */
export type ReturnsScope = { all: true } | { userId: string; companyId: string | null };

/** Newest first, at most `limit`; `status` and `orderId` narrow it. */
export function listReturns(
  db: Executor,
  scope: ReturnsScope,
  filter: { status?: ReturnStatus | undefined; orderId?: string | undefined },
  limit: number,
) {
  const { status, orderId } = filter;
  let query = db.selectFrom('returns').selectAll();
  if ('userId' in scope) {
    const { userId, companyId } = scope;
    query = query.where((eb) =>
      companyId === null
        ? eb('user_id', '=', userId)
        : eb.or([eb('user_id', '=', userId), eb('company_id', '=', companyId)]),
    );
  }
  if (status) query = query.where('status', '=', status);
  if (orderId) query = query.where('order_id', '=', orderId);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Moves a return from `from` to `to` if it is still in `from`; answers whether this call did. */
export async function changeStatus(
  trx: Transaction<Database>,
  id: string,
  from: ReturnStatus,
  set: Partial<Pick<ReturnsTable, 'status' | 'reject_reason' | 'credit_note_number' | 'updated_at'>> & {
    refund_total_cents?: number;
  },
): Promise<boolean> {
  const result = await trx
    .updateTable('returns')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordReceived(
  trx: Transaction<Database>,
  returnId: string,
  lineNo: number,
  received: number,
  restocked: number,
): Promise<void> {
  await trx
    .updateTable('return_lines')
    .set({ received_quantity: received, restocked_quantity: restocked })
    .where('return_id', '=', returnId)
    .where('line_no', '=', lineNo)
    .execute();
}

/** Restocked units go back to the product's available stock (a deleted product has none to go back to). */
export async function restock(trx: Transaction<Database>, productId: string, units: number): Promise<void> {
  await trx
    .updateTable('products')
    .set((eb) => ({ available_quantity: eb('available_quantity', '+', units) }))
    .where('id', '=', productId)
    .execute();
}

/** The order line of `productId` counts `units` more received back (B2B §14's `returnedQuantity`). */
export async function addReturnedUnits(
  trx: Transaction<Database>,
  orderId: string,
  productId: string,
  units: number,
): Promise<void> {
  await trx
    .updateTable('order_lines')
    .set((eb) => ({ returned_quantity: eb('returned_quantity', '+', units) }))
    .where('order_id', '=', orderId)
    .where('product_id', '=', productId)
    .execute();
}

/** The credit the receive issued: what it came to and its note's number. */
export async function recordCredit(
  trx: Transaction<Database>,
  id: string,
  refundCents: number,
  creditNoteNumber: string | null,
): Promise<void> {
  await trx
    .updateTable('returns')
    .set({ refund_total_cents: refundCents, credit_note_number: creditNoteNumber })
    .where('id', '=', id)
    .execute();
}

/** The order changed (its lines' returnedQuantity): the integration poll follows updated_at. */
export async function touchOrder(trx: Transaction<Database>, orderId: string, at: string): Promise<void> {
  await trx.updateTable('orders').set({ updated_at: at }).where('id', '=', orderId).execute();
}
