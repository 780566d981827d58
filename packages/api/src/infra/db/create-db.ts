// The one seam between SQLite and PostgreSQL: everything above this file is dialect-agnostic.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { MIGRATION_NAMES, migrationProvider } from './migrations/index.js';
import { createOffLoopReader, type OffLoopReader } from './off-loop-reader.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

const PG_INT8 = 20;

/**
 * The pg driver, loaded when a PostgreSQL database is opened: a shop on SQLite never pays for it at start-up (it was
 * about a tenth of a restart's CPU; bench/results/history.md, "Memory and start-up"). pg is CommonJS, so it loads in step.
 */
let pgModule: typeof pg | undefined;
function pgDriver(): typeof pg {
  pgModule ??= createRequire(import.meta.url)('pg') as typeof pg;
  return pgModule;
}

/**
 * The open database: Kysely for every query, and behind it the driver itself for the one write that runs on it
 * directly (ADR 008): better-sqlite3's handle on SQLite, the pg pool on PostgreSQL. The app opens one and hands it to
 * the modules; nothing keeps it globally.
 */
export interface OpenDatabase {
  db: Db;
  /** null on PostgreSQL. */
  sqlite: SqliteHandle | null;
  /** null on SQLite. */
  pg: pg.Pool | null;
  /** SQLite: the process that runs heavy reads off the event loop (bounded-read.ts); started by the first. */
  reader: OffLoopReader | null;
  /** PostgreSQL: the pools of bounded reads (bounded-read.ts); null on SQLite. */
  timedPools: TimedPools | null;
}

/**
 * Small pools whose connections carry a `statement_timeout` from their start, one per budget (in practice one), so a
 * bounded read is one round trip, not a transaction of four. Opened by the first read; ended with the app.
 */
export interface TimedPools {
  pool(budgetMs: number): pg.Pool;
  end(): Promise<void>;
}

const pgTypes = {
  // Totals are bigint columns; every value we store is far below 2^53, so a JS number is exact.
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    oid === PG_INT8 ? (v: string) => Number(v) : pgDriver().types.getTypeParser(oid, format),
};

function timedPools(url: string, onPoolError: (error: Error) => void): TimedPools {
  const pools = new Map<number, pg.Pool>();
  return {
    pool(budgetMs) {
      let pool = pools.get(budgetMs);
      if (!pool) {
        pool = new (pgDriver().Pool)({ connectionString: url, max: 4, statement_timeout: budgetMs, types: pgTypes });
        pool.on('error', onPoolError);
        pools.set(budgetMs, pool);
      }
      return pool;
    },
    async end() {
      const all = [...pools.values()];
      pools.clear();
      await Promise.all(all.map((pool) => pool.end()));
    },
  };
}

/**
 * `onPoolError`: an idle PostgreSQL connection that breaks (server restart) is reported, not a process crash.
 * `onReaderStartFailure`: SQLite's reader process could not open the database (off-loop-reader.ts), reported once.
 */
export function openDatabase(
  config: DatabaseConfig,
  onPoolError: (error: Error) => void = () => undefined,
  onReaderStartFailure: (error: Error) => void = () => undefined,
): OpenDatabase {
  if (config.kind === 'postgres') {
    const pool = new (pgDriver().Pool)({ connectionString: config.url, max: 10, types: pgTypes });
    pool.on('error', onPoolError);
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      sqlite: null,
      pg: pool,
      reader: null,
      timedPools: timedPools(config.url, onPoolError),
    };
  }
  mkdirSync(dirname(config.file), { recursive: true });
  const sqlite = new SQLite(config.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // better-sqlite3 builds SQLite with a 16 MB page cache, which an order load fills (the tails of the orders table
  // and its 18 indexes) and the process then holds for its life. 4 MB holds every page an order write touches; a
  // page read beyond it comes from the operating system's file cache (bench/results/history.md, "Idle and peak memory").
  sqlite.pragma('cache_size = -4000');
  // The reader process checkpoints the WAL every 200 ms, off the event loop (sqlite-reader-entry.ts); this connection
  // does only past 10,000 pages (40 MB), when that process is gone or behind. SQLite's default of 1,000 pages put a
  // checkpoint inside every few order batches' commits, a third of their time (bench/results/history.md).
  sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_CHECKPOINT_PAGES}`);
  const handle = withStatementCache(sqlite);
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: handle }) }),
    sqlite: handle,
    pg: null,
    reader: createOffLoopReader(config.file, onReaderStartFailure),
    timedPools: null,
  };
}

/** The WAL's length, in pages, past which the server's own connection checkpoints it. */
const BACKSTOP_CHECKPOINT_PAGES = 10_000;

/** Just the Kysely side (tools and tests that need no synchronous SQLite write). */
export function createDb(config: DatabaseConfig, onPoolError?: (error: Error) => void): Db {
  return openDatabase(config, onPoolError).db;
}

/** better-sqlite3 behind a SQLite Db, with the statement cache Kysely uses. */
export type SqliteHandle = ReturnType<typeof withStatementCache>;

/**
 * Runs `work` synchronously on the SQLite handle, holding Kysely's one connection meanwhile so that no Kysely query or
 * open transaction interleaves with it. Only for the hottest write (modules/orders/placing/sqlite-write-repository.ts, ADR 008):
 * everything else goes through Kysely.
 */
export function onSqliteConnection<T>({ db }: OpenDatabase, work: () => T): Promise<T> {
  return db.connection().execute(async () => work());
}

/** Answers when the database answers a trivial query (the health check). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Past this many distinct statements the cache starts over (query shapes are finite; a variable IN list is not). */
const STATEMENT_CACHE_LIMIT = 500;

/**
 * Kysely prepares every query afresh; better-sqlite3 statements are reusable, and preparing was a top cost of each
 * request under load. Kysely runs one query at a time on the connection, so a cached statement is never busy.
 */
function withStatementCache(sqlite: SQLite.Database) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    database: sqlite,
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_LIMIT) cache.clear();
        cache.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * True when the database has run exactly this build's migrations, as at every restart: the Migrator's lock and table
 * checks are then skipped (about 10 ms of a restart; bench/results/history.md, "Restart: V8's code cache"). Anything else,
 * a missing table included, goes to the Migrator, which migrates or refuses as it always did (a migration this build
 * does not know, say).
 */
async function isMigrated(db: Db): Promise<boolean> {
  const names = sql.join(MIGRATION_NAMES);
  try {
    const { rows } = await sql<{ total: number | string; known: number | string }>`
      select count(*) as total, count(case when name in (${names}) then 1 end) as known from kysely_migration`.execute(
      db,
    );
    const row = rows[0];
    return Number(row?.total) === MIGRATION_NAMES.length && Number(row?.known) === MIGRATION_NAMES.length;
  } catch {
    return false;
  }
}

/** Runs pending migrations (none: one query). */
export async function migrate(db: Db): Promise<void> {
  if (await isMigrated(db)) return;
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${String(error)}`);
}
