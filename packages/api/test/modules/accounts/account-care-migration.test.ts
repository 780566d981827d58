// Migration 011-account-care on SQLite and PostgreSQL: accounts made by Google sign-in (no password) start
// confirmed, password accounts do not; the migration goes down again cleanly.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { migrationDatabase } from '../../helpers/migration-database.js';

describe.each(databases)('migration 011-account-care on %s', (kind) => {
  const opened = migrationDatabase(kind);

  it('confirms the accounts without a password, not the others, and goes down again', async () => {
    const { db, migrator } = opened;
    expect((await migrator.migrateTo('010-mail-content')).error).toBeUndefined();
    const user = (id: string, hash: string | null) =>
      sql`INSERT INTO users (id, email, name, password_hash, role, created_at)
          VALUES (${id}, ${`${id}@example.com`}, ${id}, ${hash}, 'customer', '2026-01-01T00:00:00.000Z')`.execute(db);
    await user('aaaaaaaaaaaaaaaaaaaaaaa1', null);
    await user('aaaaaaaaaaaaaaaaaaaaaaa2', '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHQ$aGFzaA');

    expect((await migrator.migrateTo('011-account-care')).error).toBeUndefined();
    const rows = await db.selectFrom('users').select(['id', 'email_verified']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 'aaaaaaaaaaaaaaaaaaaaaaa1', email_verified: 1 },
      { id: 'aaaaaaaaaaaaaaaaaaaaaaa2', email_verified: 0 },
    ]);
    expect(await db.selectFrom('account_tokens').selectAll().execute()).toEqual([]);

    expect((await migrator.migrateTo('010-mail-content')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
  });
});
