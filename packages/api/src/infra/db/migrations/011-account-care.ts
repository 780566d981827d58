// Account care (B2B §7): whether a user proved their mailbox, which device a session was opened from, and the
// single-use tokens that password-reset and e-mail confirmation links carry. Accounts without a password were made by
// Google sign-in, whose e-mail Google verified, so they start verified; every other existing account must confirm.
// Only a token's SHA-256 is stored: a copy of the table opens no account.
import { sql, type Kysely, type Migration } from 'kysely';

export const accountCareMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // A 0/1 integer, which reads the same on SQLite (no boolean type) and PostgreSQL.
    await db.schema
      .alterTable('users')
      .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`UPDATE users SET email_verified = 1 WHERE password_hash IS NULL`.execute(db);
    await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();

    await db.schema
      .createTable('account_tokens')
      .addColumn('id', 'varchar(24)', (c) => c.primaryKey())
      .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('purpose', 'varchar(32)', (c) => c.notNull())
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(32)')
      .execute();
    // The mail throttle's question ("did this account get one within 60 s?") and the sweep of a user's other tokens.
    await db.schema
      .createIndex('account_tokens_user_purpose')
      .on('account_tokens')
      .columns(['user_id', 'purpose', 'created_at'])
      .execute();
    // The hourly prune's question.
    await db.schema.createIndex('account_tokens_expires_at').on('account_tokens').column('expires_at').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('account_tokens').execute();
    await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
    await db.schema.alterTable('users').dropColumn('email_verified').execute();
  },
};
