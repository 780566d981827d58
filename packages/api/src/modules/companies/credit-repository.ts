// A company's credit (B2B §5 "Payment terms", issue #25): the lock that serializes its on-account orders, its open
// balance, its overdue orders and its owners. The rules that use them are modules/orders/company-rules.ts; this file
// only answers questions, inside the caller's transaction.
import { sql, type Kysely } from 'kysely';
import type { Database, OrderStatus } from '../../infra/db/schema.js';

/** Orders in these statuses owe nothing, paid or not. */
const CLOSED_STATUSES: readonly OrderStatus[] = ['cancelled', 'expired', 'rejected'];

/**
 * Locks the company row for the rest of the transaction (PostgreSQL), so two on-account orders of one company sum the
 * balance one after the other and cannot pass the limit together. SQLite has one writer: its transaction already
 * holds everything (no FOR UPDATE there). Answers whether the company exists.
 */
export async function lockCompany(trx: Kysely<Database>, companyId: string, postgres: boolean): Promise<boolean> {
  if (!postgres) {
    return (
      (await trx.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst()) !== undefined
    );
  }
  const { rows } = await sql<{ id: string }>`SELECT id FROM companies WHERE id = ${companyId} FOR UPDATE`.execute(trx);
  return rows.length > 0;
}

/** The company's current terms (read after the lock, so an admin's change of terms is seen). */
export async function companyTerms(trx: Kysely<Database>, companyId: string) {
  return trx
    .selectFrom('companies')
    .select(['payment_terms', 'credit_limit_cents'])
    .where('id', '=', companyId)
    .executeTakeFirst();
}

/**
 * Unpaid on-account orders not cancelled, expired or rejected, of every company: what companies owe, awaiting approval
 * included (an on-account order awaiting approval holds its credit until decided). The one rule of the open balance:
 * one company's (openAccountOrders) and the shop's receivables (the admin's figures) extend it.
 */
export function allOpenAccountOrders(db: Kysely<Database>) {
  return db
    .selectFrom('orders')
    .where('company_id', 'is not', null)
    .where('payment_terms', '=', 'account')
    .where('paid_at', 'is', null)
    .where('status', 'not in', CLOSED_STATUSES);
}

/** The open orders' query, to extend with a select (or a narrower where). */
export type OpenAccountOrders = ReturnType<typeof allOpenAccountOrders>;

/** What one company owes (allOpenAccountOrders of it). companyBalanceCents sums the same orders. */
export function openAccountOrders(db: Kysely<Database>, companyId: string): OpenAccountOrders {
  return allOpenAccountOrders(db).where('company_id', '=', companyId);
}

/** Of the open on-account orders, those due before `today` (YYYY-MM-DD, UTC): due on the day, overdue after it. */
export function overdueAccountOrders(open: OpenAccountOrders, today: string): OpenAccountOrders {
  return open.where('due_date', '<', today);
}

/** How many open on-account orders of the company are overdue on `today` (YYYY-MM-DD, UTC). */
export async function overdueCount(db: Kysely<Database>, companyId: string, today: string): Promise<number> {
  const row = await overdueAccountOrders(openAccountOrders(db, companyId), today)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The company's owners' addresses, for "approval needed". */
export async function ownerEmails(
  db: Kysely<Database>,
  companyId: string,
): Promise<Array<{ email: string; name: string }>> {
  return db
    .selectFrom('company_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.email', 'u.name'])
    .where('m.company_id', '=', companyId)
    .where('m.role', '=', 'owner')
    .orderBy('u.email')
    .execute();
}
