// A company's open balance on account (B2B §5): what its members owe for orders placed on net terms. Read by the
// credit-limit check at checkout and by the company and admin answers.
import type { Db } from '../../infra/db/create-db.js';
import type { OrderStatus } from '../../infra/db/schema.js';

/** Orders in these states owe nothing, paid or not. */
const CLOSED_STATUSES: OrderStatus[] = ['cancelled', 'expired', 'rejected'];

/**
 * Cents owed: the total of the company's on-account orders not paid yet and not cancelled, expired or rejected. The
 * sum is taken in SQL (orders_company_created narrows it to the company's orders).
 */
export async function companyBalanceCents(db: Pick<Db, 'selectFrom'>, companyId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string | bigint>('total_cents'), eb.lit(0)).as('owed'))
    .where('company_id', '=', companyId)
    .where('payment_terms', '=', 'account')
    .where('paid_at', 'is', null)
    .where('status', 'not in', CLOSED_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.owed);
}

/** The balances of several companies at once (the admin list): company id -> cents; companies owing nothing absent. */
export async function companyBalancesCents(db: Db): Promise<Map<string, number>> {
  // Grouped over every company at once (no list of ids: no bound on how many companies there are).
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['company_id', eb.fn.sum<number | string | bigint>('total_cents').as('owed')])
    .where('company_id', 'is not', null)
    .where('payment_terms', '=', 'account')
    .where('paid_at', 'is', null)
    .where('status', 'not in', CLOSED_STATUSES)
    .groupBy('company_id')
    .execute();
  return new Map(rows.flatMap((r) => (r.company_id === null ? [] : [[r.company_id, Number(r.owed)] as const])));
}
