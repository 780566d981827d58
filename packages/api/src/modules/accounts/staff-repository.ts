// SQL of staff roles (B2B §15): who holds a staff role, and the role changes that must never leave the shop without
// an administrator.
import { USER_ROLES, type Role } from '@kestrel/shared';
import { PostgresAdapter, type Kysely } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { Database } from '../../infra/db/schema.js';

type Executor = Kysely<Database>;

const STAFF_USER_ROLES = USER_ROLES.filter((r) => r !== 'customer');

export interface StaffRow {
  email: string;
  name: string;
  role: Role;
  /** two_factor.enabled_at: two-step sign-in is on exactly when it is set. */
  enabled_at: string | null;
}

/** Every member of staff, administrators included, in the order their accounts were made. */
export function listStaff(db: Db): Promise<StaffRow[]> {
  return db
    .selectFrom('users')
    .leftJoin('two_factor', 'two_factor.user_id', 'users.id')
    .select(['users.email', 'users.name', 'users.role', 'two_factor.enabled_at'])
    .where('users.role', 'in', STAFF_USER_ROLES)
    .orderBy('users.id')
    .execute();
}

/**
 * Sets a user's role unless that would leave no administrator; answers 'changed', 'unchanged' or 'last_admin'. Run
 * in a transaction: on PostgreSQL every administrator's row is locked first (in id order, so two changes never wait
 * on each other in a cycle) and counted after the locks, so two administrators demoting each other at once see each
 * other's change and one of them is refused; SQLite runs one write transaction at a time already.
 */
export async function setRoleUnlessLastAdmin(
  trx: Executor,
  id: string,
  role: Role,
): Promise<'changed' | 'unchanged' | 'last_admin'> {
  let admins = trx.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id');
  if (trx.getExecutor().adapter instanceof PostgresAdapter) admins = admins.forUpdate();
  const ids = (await admins.execute()).map((r) => r.id);
  if (role !== 'admin' && ids.length < 2 && ids.includes(id)) return 'last_admin';
  const result = await trx
    .updateTable('users')
    .set({ role })
    .where('id', '=', id)
    .where('role', '<>', role)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? 'changed' : 'unchanged';
}
