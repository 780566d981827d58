// SQL of the profiles table (one row per user, created on first save).
import type { Selectable } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { ProfilesTable } from '../../infra/db/schema.js';

export type ProfileRow = Selectable<ProfilesTable>;

export function findProfile(db: Db, userId: string): Promise<ProfileRow | undefined> {
  return db.selectFrom('profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Insert or replace in one statement (both dialects support ON CONFLICT DO UPDATE). */
export async function upsertProfile(db: Db, row: ProfileRow): Promise<void> {
  const { user_id: _userId, ...changes } = row;
  await db
    .insertInto('profiles')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
    .execute();
}
