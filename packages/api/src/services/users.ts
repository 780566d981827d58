// Users and administrators: admin status is the role on the user record.
import type { User } from '@kestrel/shared';
import type { Db } from '../db/create-db.js';
import { forbidden, notFound } from '../errors.js';
import * as repo from '../repositories/users.js';
import { forgetCheckedSessions } from './checked-sessions.js';
import { toUser } from './identity.js';
import type { AuthUser } from './sessions.js';

export async function listUsers(db: Db): Promise<User[]> {
  return (await repo.listUsers(db)).map(toUser);
}

/** Promotes a user; modifiedCount is 0 when they already were an admin. */
export async function makeAdmin(db: Db, email: string): Promise<number> {
  const user = await repo.findUserByEmail(db, email);
  if (!user) throw notFound('User');
  const modified = await repo.setUserRole(db, user.id, 'admin');
  // Their signed-in requests carry the role from here on (services/checked-sessions.ts).
  forgetCheckedSessions(db);
  return modified;
}

/** Callers may ask about themselves; admins about anyone. */
export async function isAdmin(db: Db, caller: AuthUser, email: string): Promise<boolean> {
  if (email === caller.email) return caller.role === 'admin';
  if (caller.role !== 'admin') throw forbidden('You may only ask about your own account');
  const user = await repo.findUserByEmail(db, email);
  return user?.role === 'admin';
}

/** Only your own e-mail: a path or query naming someone else is refused. */
export function requireOwnEmail(caller: AuthUser, email: string): void {
  if (email !== caller.email) throw forbidden('This e-mail is not yours');
}

/** PUT /user/{email}: keeps the record of the signed-in user up to date (its name, never its role). */
export async function updateOwnUser(db: Db, caller: AuthUser, email: string, name: string | undefined): Promise<void> {
  requireOwnEmail(caller, email);
  if (name && name !== caller.name) {
    await repo.updateUser(db, caller.id, { name });
    forgetCheckedSessions(db);
  }
}
