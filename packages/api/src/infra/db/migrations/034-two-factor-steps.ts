// Two-step sign-in's other two tables (B2B §15; the secrets are in 031's two_factor). Recovery codes are kept only as
// keyed hashes, one row each, used_at set when one is spent, so each works once. A challenge is the step between a
// right password (or a Google sign-in) and the code: its id is kept as a SHA-256 hash, so a copy of the database
// cannot finish anyone's sign-in, and it lives in the database, so whichever instance behind nginx gets the code
// accepts it. used_at makes it serve one sign-in; expired ones are swept by the account-prune job (expires_at index).
import type { Kysely, Migration } from 'kysely';

export const twoFactorStepsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('two_factor_recovery_codes')
      .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(32)')
      .addPrimaryKeyConstraint('two_factor_recovery_codes_pk', ['user_id', 'code_hash'])
      .execute();

    await db.schema
      .createTable('two_factor_challenges')
      .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('user_id', 'varchar(24)', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(32)')
      .execute();
    await db.schema
      .createIndex('two_factor_challenges_expiry')
      .on('two_factor_challenges')
      .column('expires_at')
      .execute();
    await db.schema.createIndex('two_factor_challenges_user').on('two_factor_challenges').column('user_id').execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('two_factor_challenges').execute();
    await db.schema.dropTable('two_factor_recovery_codes').execute();
  },
};
