// SQL of approvals and the company's account (approvals.ts has the rules).
import type { Db } from '../../infra/db/create-db.js';
import { openAccountOrders } from '../companies/index.js';
import type { OrderRow } from './order-write-repository.js';

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

export function companyRow(db: Db, companyId: string) {
  return db
    .selectFrom('companies')
    .select(['id', 'payment_terms', 'credit_limit_cents'])
    .where('id', '=', companyId)
    .executeTakeFirst();
}

/** The company's unpaid on-account orders, earliest due first. */
export function openAccountOrderRows(db: Db, companyId: string) {
  return openAccountOrders(db, companyId)
    .select(['id', 'number', 'po_number', 'invoice_number', 'status', 'total_cents', 'created_at', 'due_date'])
    .orderBy('due_date')
    .orderBy('id')
    .execute();
}
