// SQL of the oidc_states table. Kept beside the OIDC module (its only user); the table's types are added to the
// app's Database with Kysely's withTables, so db/schema.ts needs no edit.
import type { Selectable } from 'kysely';
import type { Db } from '../../../infra/db/create-db.js';
import type { OidcTables } from '../../../infra/db/oidc-states-table.js';

export type OidcStateRow = Selectable<OidcTables['oidc_states']>;

function table(db: Db) {
  return db.withTables<OidcTables>();
}

export async function insertOidcState(db: Db, row: OidcStateRow): Promise<void> {
  await table(db).insertInto('oidc_states').values(row).execute();
}

/**
 * Deletes and returns the row in one statement: of two requests racing with the same state (on one instance or
 * several), exactly one gets the row; the other finds nothing. This is what makes a state usable once.
 */
export function takeOidcState(db: Db, state: string): Promise<OidcStateRow | undefined> {
  return table(db).deleteFrom('oidc_states').where('state', '=', state).returningAll().executeTakeFirst();
}

export async function deleteExpiredOidcStates(db: Db, now: string): Promise<number> {
  const result = await table(db).deleteFrom('oidc_states').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
