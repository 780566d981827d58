// Two-step sign-in (B2B §15, TOTP): one row per account that has begun or finished setting it up. The secret is kept
// sealed (infra/sealed.ts) so a copy of the database alone cannot mint codes; enabled_at is null between setup and
// the first correct code, and two-step sign-in is on exactly when it is set (the staff list's twoFactor reads it).
// last_step is the 30-second step of the last code accepted, so a code, once used, is refused for the rest of its
// window (RFC 6238 §5.2).
import type { Kysely, Migration } from 'kysely';

export const twoFactorMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('two_factor')
      .addColumn('user_id', 'varchar(24)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('secret_sealed', 'text', (c) => c.notNull())
      .addColumn('enabled_at', 'varchar(32)')
      .addColumn('last_step', 'integer')
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('two_factor').execute();
  },
};
