// SQL of an order on account (B2B §5): its due date, written when it is confirmed, and its payment, recorded once.
// Billing is the only writer of both columns; the orders module calls it inside its own transaction through
// orders/billing-port.ts.
import type { Transaction } from 'kysely';
import type { Database, OrderStatus } from '../../infra/db/schema.js';

/** Sets the due date of an order the caller's transaction has just confirmed on account; answers whether it did. */
export async function setDueDate(trx: Transaction<Database>, orderId: string, dueDate: string): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ due_date: dueDate })
    .where('id', '=', orderId)
    .where('payment_terms', '=', 'account')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records an on-account payment once, while the order is in one of `payable` statuses: the conditions make the first
 * record the only one, and a cancel that commits first leaves nothing to record (no cancelled order turns paid).
 */
export async function recordAccountPayment(
  trx: Transaction<Database>,
  orderId: string,
  reference: string,
  at: string,
  payable: readonly OrderStatus[],
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ paid_at: at, paid_reference: reference, updated_at: at })
    .where('id', '=', orderId)
    .where('payment_terms', '=', 'account')
    .where('paid_at', 'is', null)
    .where('status', 'in', payable)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
