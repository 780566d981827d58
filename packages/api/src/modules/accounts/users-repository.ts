// SQL of the users table.
import type { Selectable } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { UsersTable } from '../../infra/db/schema.js';

export type UserRow = Selectable<UsersTable>;

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('id', 'asc').execute();
}

export async function insertUser(db: Db, row: UserRow): Promise<void> {
  await db.insertInto('users').values(row).execute();
}

export async function setUserRole(db: Db, id: string, role: UserRow['role']): Promise<number> {
  const result = await db
    .updateTable('users')
    .set({ role })
    .where('id', '=', id)
    .where('role', '<>', role)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function updateUser(db: Db, id: string, changes: Partial<Pick<UserRow, 'name' | 'password_hash'>>) {
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
