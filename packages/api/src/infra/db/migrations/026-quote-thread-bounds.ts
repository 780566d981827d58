// Issue 47: a quote belongs to the company it was asked for, and its thread is bounded. A member's list now reads their
// personal quotes (asked without a company) and their company's: the personal walk gets its own index, holding only
// quotes with no company, so a requester who asked thousands in a company they have left walks none of those. The
// messages get an index by writer and time, for the per-person rate (at most 10 messages in 10 minutes, over all
// quotes: modules/quotes/service.ts), read as the newest few of one person.
import { sql, type Kysely, type Migration } from 'kysely';

export const quoteThreadBoundsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // company_id (always null here) is carried so that SQLite reads the walk from the index alone.
    await sql`CREATE INDEX quotes_personal_created_id ON quotes (user_id, created_at, id, company_id)
      WHERE company_id IS NULL`.execute(db);
    await sql`CREATE INDEX quote_messages_user_at ON quote_messages (user_id, at)`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    await sql`DROP INDEX quote_messages_user_at`.execute(db);
    await sql`DROP INDEX quotes_personal_created_id`.execute(db);
  },
};
