// Issue 47: an order awaiting approval says why and is not left to expire silently. approval_limit_cents keeps the
// buyer's spending limit that the order passed, as it was when the order was placed (a later change of the limit
// does not rewrite why it waited); approval_reminded_at is set once when the owners were reminded before it expires,
// so the expiry job reminds each order exactly once. An index on it would hold nearly only NULLs: the reminder's
// question walks orders_status_expires_at (migration 007) instead.
import { sql, type Kysely, type Migration } from 'kysely';

export const approvalReasonsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`ALTER TABLE orders ADD COLUMN approval_limit_cents bigint`.execute(db);
    await sql`ALTER TABLE orders ADD COLUMN approval_reminded_at varchar(32)`.execute(db);
  },

  async down(db: Kysely<unknown>) {
    for (const column of ['approval_reminded_at', 'approval_limit_cents']) {
      await sql.raw(`ALTER TABLE orders DROP COLUMN ${column}`).execute(db);
    }
  },
};
