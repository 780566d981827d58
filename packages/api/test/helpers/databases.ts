// Fresh databases for tests: a temp SQLite file, or a PostgreSQL database kestrel_test_<random> dropped afterwards.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export const PG_ADMIN_URL = process.env['TEST_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export type DatabaseKind = 'sqlite' | 'postgres';
/** For `describe.each(databases)`: every data test runs on both engines. */
export const databases: DatabaseKind[] = ['sqlite', 'postgres'];

export interface TestDatabase {
  kind: DatabaseKind;
  /** DATABASE_URL for the app. */
  url: string;
  /** A temp folder for the data dir (auth secret) and the SQLite file. */
  dir: string;
  drop(): Promise<void>;
}

async function onPgAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'kestrel-test-'));
  if (kind === 'sqlite') {
    return {
      kind,
      url: `file:${join(dir, 'store.db')}`,
      dir,
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `kestrel_test_${randomBytes(6).toString('hex')}`;
  await onPgAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    kind,
    url: url.toString(),
    dir,
    drop: async () => {
      await onPgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
