// Every stored row of every table, in a stable order: compared before and after a refused request to show that
// nothing changed. Read with plain SQL so the tables added by payments and Google sign-in are covered too.
import { sql } from 'kysely';
import type { Db } from '../../src/infra/db/create-db.js';

export const TABLES = [
  'users',
  'sessions',
  'products',
  'orders',
  'reviews',
  'profiles',
  'payments',
  'sandbox_intents',
  'oidc_states',
] as const;

export type Snapshot = Record<string, string[]>;

/**
 * Rows as JSON text, sorted. A session's last_seen_at is left out: any authenticated request may write it (at most
 * once a minute), refused or not, and it is bookkeeping rather than data the caller could change.
 */
export async function snapshotTables(db: Db): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const table of TABLES) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    out[table] = rows
      .map((row) => {
        const { last_seen_at: _ignored, ...rest } = row;
        return JSON.stringify(table === 'sessions' ? rest : row);
      })
      .sort();
  }
  return out;
}
