// A company's open balance on account (B2B §5): what its members owe for orders placed on net terms. The one rule of
// which orders count (allOpenAccountOrders) and the one sum of what they owe (owedCents); the credit check, the
// company answers, the company account and the admin's receivables (modules/stats) all extend these two instead of
// restating them. Orders' own SQL stays in modules/orders; this reads the orders table only to add up the balance.
import { CLOSED_ORDER_STATUSES } from '@kestrel/shared';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema.js';

/**
 * Unpaid on-account orders not cancelled, expired or rejected, of every company: what companies owe, awaiting approval
 * included (an on-account order awaiting approval holds its credit until decided).
 */
export function allOpenAccountOrders(db: Kysely<Database>) {
  return db
    .selectFrom('orders')
    .where('company_id', 'is not', null)
    .where('payment_terms', '=', 'account')
    .where('paid_at', 'is', null)
    .where('status', 'not in', CLOSED_ORDER_STATUSES);
}

/** The open orders' query, to extend with a select (or a narrower where). */
export type OpenAccountOrders = ReturnType<typeof allOpenAccountOrders>;

/** What one company owes (allOpenAccountOrders of it). */
export function openAccountOrders(db: Kysely<Database>, companyId: string): OpenAccountOrders {
  return allOpenAccountOrders(db).where('company_id', '=', companyId);
}

/** Of the open on-account orders, those due before `today` (YYYY-MM-DD, UTC): due on the day, overdue after it. */
export function overdueAccountOrders(open: OpenAccountOrders, today: string): OpenAccountOrders {
  return open.where('due_date', '<', today);
}

/**
 * What a set of open orders owes: their totals less what credit notes took off them (B2B §14, settlement
 * 'invoice'), 0 for none (a select of any query above).
 */
export function owedCents(eb: ExpressionBuilder<Database, 'orders'>) {
  return eb.fn.coalesce(
    eb.fn.sum<number | string | bigint>(eb(eb.ref('total_cents'), '-', eb.ref('credited_cents'))),
    eb.lit(0),
  );
}

/** Credit notes given to companies' accounts after their invoices were paid (B2B §14: a negative balance is credit). */
function accountCredits(db: Kysely<Database>) {
  return db
    .selectFrom('credit_notes')
    .where('settlement', '=', 'balance')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string | bigint>('total_cents'), eb.lit(0)).as('credit'));
}

/**
 * Cents owed: the company's open on-account orders (orders_company_created narrows it to them) less its account's
 * credits; negative when the company is in credit.
 */
export async function companyBalanceCents(db: Kysely<Database>, companyId: string): Promise<number> {
  const [owed, credit] = await Promise.all([
    openAccountOrders(db, companyId)
      .select((eb) => owedCents(eb).as('owed'))
      .executeTakeFirstOrThrow(),
    accountCredits(db).where('company_id', '=', companyId).executeTakeFirstOrThrow(),
  ]);
  return Number(owed.owed) - Number(credit.credit);
}

/** The balances of several companies at once (the admin list): company id -> cents; companies at 0 absent. */
export async function companyBalancesCents(db: Kysely<Database>): Promise<Map<string, number>> {
  // Grouped over every company at once (no list of ids: no bound on how many companies there are).
  const [owed, credits] = await Promise.all([
    allOpenAccountOrders(db)
      .select((eb) => ['company_id', owedCents(eb).as('owed')])
      .groupBy('company_id')
      .execute(),
    accountCredits(db).select('company_id').groupBy('company_id').execute(),
  ]);
  const balances = new Map<string, number>();
  for (const r of owed) if (r.company_id !== null) balances.set(r.company_id, Number(r.owed));
  for (const r of credits) {
    if (r.company_id === null) continue;
    const balance = (balances.get(r.company_id) ?? 0) - Number(r.credit);
    if (balance === 0) balances.delete(r.company_id);
    else balances.set(r.company_id, balance);
  }
  return balances;
}

/** How many open on-account orders of the company are overdue on `today` (YYYY-MM-DD, UTC): the credit check's. */
export async function overdueCount(db: Kysely<Database>, companyId: string, today: string): Promise<number> {
  const row = await overdueAccountOrders(openAccountOrders(db, companyId), today)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Of the company's open on-account orders, those overdue on `today`: how many and what they owe (the account's). */
export async function overdueOwed(
  db: Kysely<Database>,
  companyId: string,
  today: string,
): Promise<{ count: number; cents: number }> {
  const row = await overdueAccountOrders(openAccountOrders(db, companyId), today)
    .select((eb) => [eb.fn.countAll<string | number>().as('n'), owedCents(eb).as('owed')])
    .executeTakeFirst();
  return { count: Number(row?.n ?? 0), cents: Number(row?.owed ?? 0) };
}

/** The company's unpaid on-account orders, earliest due first (the account's list). */
export function openAccountOrderRows(db: Kysely<Database>, companyId: string) {
  return openAccountOrders(db, companyId)
    .select([
      'id',
      'number',
      'po_number',
      'invoice_number',
      'status',
      'total_cents',
      'credited_cents',
      'created_at',
      'due_date',
    ])
    .orderBy('due_date')
    .orderBy('id')
    .execute();
}
