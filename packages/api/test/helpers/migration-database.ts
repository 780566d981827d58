// The database of a migration test: an empty one of the given kind, opened before the file's tests and dropped after
// them, with a migrator over the shop's own migrations so a test can stop at any step and go up or down from there.
import { Migrator } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from '../../src/infra/config.js';
import { createDb, type Db } from '../../src/infra/db/create-db.js';
import { migrationProvider } from '../../src/infra/db/migrations/index.js';
import { createTestDatabase, type DatabaseKind, type TestDatabase } from './databases.js';

export interface MigrationDatabase {
  readonly db: Db;
  readonly migrator: Migrator;
}

/** Registers the file's beforeAll/afterAll; read `db` and `migrator` inside a test. */
export function migrationDatabase(kind: DatabaseKind): MigrationDatabase {
  let database: TestDatabase | undefined;
  let opened: MigrationDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    const db = createDb(loadConfig({ DATABASE_URL: database.url, DATA_DIR: database.dir }).database);
    opened = { db, migrator: new Migrator({ db, provider: migrationProvider }) };
  });
  afterAll(async () => {
    await opened?.db.destroy();
    await database?.drop();
  });
  const open = (): MigrationDatabase => {
    if (!opened) throw new Error('the migration database opens in beforeAll');
    return opened;
  };
  return {
    get db() {
      return open().db;
    },
    get migrator() {
      return open().migrator;
    },
  };
}
