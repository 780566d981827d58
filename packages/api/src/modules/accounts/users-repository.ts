// SQL of the users table.
import { PostgresAdapter, type Kysely, type Selectable } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { Database, UsersTable } from '../../infra/db/schema.js';

export type UserRow = Selectable<UsersTable>;
type Executor = Kysely<Database>;

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('id', 'asc').execute();
}

export async function insertUser(db: Executor, row: UserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function setUserRole(db: Executor, id: string, role: UserRow['role']): Promise<number> {
  const result = await db
    .updateTable('users')
    .set({ role })
    .where('id', '=', id)
    .where('role', '<>', role)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function updateUser(
  db: Executor,
  id: string,
  changes: Partial<Pick<UserRow, 'name' | 'password_hash' | 'email_verified'>>,
) {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

export function hasAdmin(db: Db): Promise<boolean> {
  return db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .limit(1)
    .executeTakeFirst()
    .then((r) => r !== undefined);
}

/**
 * Holds the user's row until the transaction ends, so writes that must see each other (a sign-in bounding the user's
 * sessions, the once-a-minute mail throttle) run one after the other. PostgreSQL only: SQLite runs one transaction at
 * a time already (and has no FOR UPDATE).
 */
export async function lockUserRow(trx: Executor, id: string): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom('users').select('id').where('id', '=', id).forUpdate().executeTakeFirst();
}
