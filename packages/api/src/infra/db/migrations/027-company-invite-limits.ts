// Invites and company names (issue #47). One live link per address and company: PostgreSQL let five invites of one
// address at once leave four live links, each with its own role; the service now takes the company's row lock first,
// and this unique partial index holds the rule whatever a writer does. Links already doubled keep only the newest
// (the one the latest mail carries). The rate limits count invites mailed per company in the last hour and per
// address in the last day (modules/companies/invite-limits.ts), each an index range. The order desk's `q` matches
// the start of a company's name: lower(name) is walked as a range on SQLite, with text_pattern_ops on PostgreSQL so
// LIKE 'abc%' uses it under any collation (as 016 does for the customer's name).
import { SqliteAdapter, sql, type Kysely, type Migration } from 'kysely';

const isSqlite = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof SqliteAdapter;

export const companyInviteLimitsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`UPDATE company_invites SET revoked_at = created_at
      WHERE accepted_at IS NULL AND revoked_at IS NULL AND EXISTS (
        SELECT 1 FROM company_invites newer
        WHERE newer.company_id = company_invites.company_id AND newer.email = company_invites.email
          AND newer.accepted_at IS NULL AND newer.revoked_at IS NULL
          AND (newer.created_at > company_invites.created_at
            OR (newer.created_at = company_invites.created_at AND newer.id > company_invites.id)))`.execute(db);
    await sql`CREATE UNIQUE INDEX company_invites_live ON company_invites (company_id, email)
      WHERE accepted_at IS NULL AND revoked_at IS NULL`.execute(db);
    await sql`CREATE INDEX company_invites_company_created ON company_invites (company_id, created_at)`.execute(db);
    await sql`CREATE INDEX company_invites_email_created ON company_invites (email, created_at)`.execute(db);
    if (isSqlite(db)) await sql`CREATE INDEX companies_name_lower ON companies (lower(name))`.execute(db);
    else await sql`CREATE INDEX companies_name_lower ON companies (lower(name) text_pattern_ops)`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`DROP INDEX companies_name_lower`.execute(db);
    await sql`DROP INDEX company_invites_email_created`.execute(db);
    await sql`DROP INDEX company_invites_company_created`.execute(db);
    await sql`DROP INDEX company_invites_live`.execute(db);
  },
};
