// The quotes list (GET /api/quotes) reads newest first by (created_at, id) in pages. 022's indexes held created_at
// alone, so every page sorted all the quotes it could show; at 100,000 quotes a deep page or a member's first 500 took
// 90-165 ms of SQLite's one thread. Each index now holds the list's whole order, so a page is read in order and stops:
// the admin's (and each status's) list walks its index backwards, and a member's list merges two index-ordered walks,
// their own and their company's (modules/quotes/repository.ts). The company's index leaves out quotes asked without a
// company and carries user_id, so its walk, which skips the member's own, reads the index alone. The offers' index by
// valid_until (the expiry job's walk, a list's live or lapsed offers) now holds offers alone: the expiry job turns
// lapsed offers into expired ones, so it stays as small as the shop's live offers however many quotes a year brings
// (SQLite also reads a member's Offered filter from it, and sorts what it finds).
import { sql, type Kysely, type Migration } from 'kysely';

export const quoteListIndexesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`DROP INDEX quotes_created`.execute(db);
    await sql`CREATE INDEX quotes_created_id ON quotes (created_at, id)`.execute(db);
    await sql`DROP INDEX quotes_user_created`.execute(db);
    await sql`CREATE INDEX quotes_user_created_id ON quotes (user_id, created_at, id)`.execute(db);
    await sql`DROP INDEX quotes_company_created`.execute(db);
    await sql`CREATE INDEX quotes_company_created_id ON quotes (company_id, created_at, id, user_id)
      WHERE company_id IS NOT NULL`.execute(db);
    await sql`CREATE INDEX quotes_status_created_id ON quotes (status, created_at, id)`.execute(db);
    await sql`DROP INDEX quotes_status_valid`.execute(db);
    await sql`CREATE INDEX quotes_offered_valid ON quotes (status, valid_until) WHERE status = 'offered'`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`DROP INDEX quotes_offered_valid`.execute(db);
    await sql`CREATE INDEX quotes_status_valid ON quotes (status, valid_until)`.execute(db);
    await sql`DROP INDEX quotes_status_created_id`.execute(db);
    await sql`DROP INDEX quotes_company_created_id`.execute(db);
    await sql`CREATE INDEX quotes_company_created ON quotes (company_id, created_at)`.execute(db);
    await sql`DROP INDEX quotes_user_created_id`.execute(db);
    await sql`CREATE INDEX quotes_user_created ON quotes (user_id, created_at)`.execute(db);
    await sql`DROP INDEX quotes_created_id`.execute(db);
    await sql`CREATE INDEX quotes_created ON quotes (created_at)`.execute(db);
  },
};
