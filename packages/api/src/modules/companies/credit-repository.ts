// A company's credit (B2B §5 "Payment terms", issue #25): the lock that serializes its on-account orders, its terms
// and its owners, read inside the caller's transaction. The open balance and the credit check that use them are
// modules/billing's (balance-repository.ts, credit-check.ts).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema.js';

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
