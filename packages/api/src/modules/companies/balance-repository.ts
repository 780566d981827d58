// A company's open balance on account (B2B §5): what its members owe for orders placed on net terms. Read by the
// credit-limit check at checkout and by the company and admin answers. Which orders count is credit-repository.ts's
// one rule (allOpenAccountOrders); these only sum them.
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema.js';
import { allOpenAccountOrders, openAccountOrders } from './credit-repository.js';

/** Cents owed: the total of the company's open on-account orders (orders_company_created narrows it to them). */
export async function companyBalanceCents(db: Kysely<Database>, companyId: string): Promise<number> {
  const row = await openAccountOrders(db, companyId)
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string | bigint>('total_cents'), eb.lit(0)).as('owed'))
    .executeTakeFirstOrThrow();
  return Number(row.owed);
}

/** The balances of several companies at once (the admin list): company id -> cents; companies owing nothing absent. */
export async function companyBalancesCents(db: Kysely<Database>): Promise<Map<string, number>> {
  // Grouped over every company at once (no list of ids: no bound on how many companies there are).
  const rows = await allOpenAccountOrders(db)
    .select((eb) => ['company_id', eb.fn.sum<number | string | bigint>('total_cents').as('owed')])
    .groupBy('company_id')
    .execute();
  return new Map(rows.flatMap((r) => (r.company_id === null ? [] : [[r.company_id, Number(r.owed)] as const])));
}
