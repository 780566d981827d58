// SQL of the sessions table: one row per issued token, so sign-out and expiry are enforced server-side.
import type { Kysely, Selectable } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { Database, SessionsTable, UsersTable } from '../../infra/db/schema.js';

export type SessionRow = Selectable<SessionsTable>;
type Executor = Kysely<Database>;

/** When a session is live at `at`: not revoked, not expired, seen after `idleSince`. */
export interface LiveAt {
  at: string;
  idleSince: string;
}

export async function insertSession(db: Executor, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

function live<T extends Executor>(db: T, userId: string, { at, idleSince }: LiveAt) {
  return db
    .selectFrom('sessions')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at)
    .where('last_seen_at', '>', idleSince);
}

/** The user's live sessions, most recently seen first. */
export function listLiveSessions(db: Executor, userId: string, when: LiveAt): Promise<SessionRow[]> {
  return live(db, userId, when)
    .selectAll()
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Revokes the user's live sessions beyond the `keep` most recently seen; answers how many. */
export async function revokeSessionsBeyond(db: Executor, userId: string, keep: number, when: LiveAt) {
  const extra = await live(db, userId, when)
    .select('id')
    .orderBy('last_seen_at', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1_000)
    .execute();
  if (extra.length === 0) return 0;
  await db
    .updateTable('sessions')
    .set({ revoked_at: when.at })
    .where(
      'id',
      'in',
      extra.map((r) => r.id),
    )
    .execute();
  return extra.length;
}

/** Revokes every session of the user, but `exceptId` when given; answers how many. */
export async function revokeUserSessions(db: Executor, userId: string, at: string, exceptId?: string) {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}

/** Revokes one session if it is the user's and not revoked yet; answers whether it did. */
export async function revokeOwnSession(db: Executor, userId: string, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes sessions that can never be used again: revoked, expired or idle too long (the account-prune job). */
export async function deleteDeadSessions(db: Executor, { at, idleSince }: LiveAt): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([eb('revoked_at', 'is not', null), eb('expires_at', '<=', at), eb('last_seen_at', '<=', idleSince)]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The session and its user in one query (the check every authenticated request makes). */
export function findSessionWithUser(
  db: Db,
  id: string,
): Promise<
  | (Omit<SessionRow, 'user_agent'> & Pick<Selectable<UsersTable>, 'email' | 'name' | 'role' | 'email_verified'>)
  | undefined
> {
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
      'sessions.punchout_id',
      'users.email',
      'users.name',
      'users.role',
      'users.email_verified',
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
