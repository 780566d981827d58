// SQL of the sessions table: one row per issued token, so sign-out and expiry are enforced server-side.
import type { Selectable } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { SessionsTable, UsersTable } from '../../infra/db/schema.js';

export type SessionRow = Selectable<SessionsTable>;

export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

/** The session and its user in one query (the check every authenticated request makes). */
export function findSessionWithUser(
  db: Db,
  id: string,
): Promise<(SessionRow & Pick<Selectable<UsersTable>, 'email' | 'name' | 'role'>) | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.created_at',
      'sessions.expires_at',
      'sessions.last_seen_at',
      'sessions.revoked_at',
      'users.email',
      'users.name',
      'users.role',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
}

export async function touchSession(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

export async function revokeSession(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}
