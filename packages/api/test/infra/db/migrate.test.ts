// migrate(): a new database gets every migration (and the demo seed marked pending); a restart on a database that has run exactly
// this build's migrations changes nothing (and skips the Migrator); a database that has run one this build does not
// know is refused, as the Migrator refuses it, rather than started on.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/infra/config.js';
import { createDb, migrate, type Db } from '../../../src/infra/db/create-db.js';
import { MIGRATION_NAMES } from '../../../src/infra/db/migrations/index.js';
import { createTestDatabase, databases, type TestDatabase } from '../../helpers/databases.js';
import { TEST_SECRET } from '../../helpers/test-app.js';

describe.each(databases)('migrate on %s', (kind) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    db = createDb(
      loadConfig({ DATABASE_URL: database.url, AUTH_SECRET: TEST_SECRET, DATA_DIR: database.dir }).database,
    );
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  const ran = async () =>
    (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((row) => row.name);

  it('runs every migration on a new database, then none at a restart', async () => {
    await migrate(db);
    expect((await ran()).sort()).toEqual([...MIGRATION_NAMES].sort());
    expect(await db.selectFrom('pending_seeds').selectAll().execute()).toEqual([
      { name: 'demo-catalogue', claimed_until: null },
    ]);
    await migrate(db);
    await migrate(db);
    expect((await ran()).sort()).toEqual([...MIGRATION_NAMES].sort());
  });

  it('refuses a database that has run a migration this build does not have', async () => {
    await sql`insert into kysely_migration (name, timestamp) values ('999-from-a-newer-build', '2026-11-27T00:00:00.000Z')`.execute(
      db,
    );
    await expect(migrate(db)).rejects.toThrow('corrupted migrations');
  });
});
