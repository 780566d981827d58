// SQL of the api_keys table (B2B §9): one row per key, found by the SHA-256 of the key, never by the key.
import type { Selectable } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { ApiKeysTable } from '../../infra/db/schema.js';

export type ApiKeyRow = Selectable<ApiKeysTable>;

export async function insertApiKey(db: Db, row: ApiKeyRow): Promise<void> {
  await db.insertInto('api_keys').values(row).execute();
}

/** The keys not revoked, oldest first. */
export function listLiveApiKeys(db: Db): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_keys').selectAll().where('revoked_at', 'is', null).orderBy('id', 'asc').execute();
}

export function findApiKeyByHash(db: Db, keyHash: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
}

/** Revokes a live key; answers whether this call did (false: unknown or already revoked). */
export function findApiKey(db: Db, id: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function revokeApiKey(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function touchApiKey(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
}
