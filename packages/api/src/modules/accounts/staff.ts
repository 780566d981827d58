// Staff roles (B2B §15, docs/product.md §34): an administrator gives a confirmed account a staff role, changes it, or
// makes it a customer again (its sessions ended in the same transaction), never leaving the shop without an
// administrator. Every change goes through `changingUsers`, so the memory of checked sessions forgets the old role
// and the next request already runs under the new one.
import {
  permissionsOf,
  staffMessages,
  staffRoleOf,
  userRoleOf,
  type AdminCheck,
  type Role,
  type StaffMember,
  type StaffRole,
} from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { AppError, notFound } from '../../infra/errors.js';
import { revokeUserSessions } from './sessions-repository.js';
import { listStaff, setRoleUnlessLastAdmin } from './staff-repository.js';
import { findUserByEmail } from './users-repository.js';

export interface StaffDeps {
  db: Db;
  now: () => number;
  changingUsers: <T>(write: () => Promise<T>) => Promise<T>;
}

const lastAdmin = () =>
  new AppError(409, 'last_admin', 'This is the last administrator: make someone else an administrator first');

/** SPEC's admin check of one role: `{ admin: false }` for a customer, else the staff role and its permissions. */
export function adminCheckOf(role: Role | undefined): AdminCheck {
  const staffRole = role === undefined ? null : staffRoleOf(role);
  if (role === undefined || staffRole === null) return { admin: false };
  return { admin: true, role: staffRole, permissions: permissionsOf(role) };
}

export function createStaff({ db, now, changingUsers }: StaffDeps) {
  async function userByEmail(email: string) {
    const user = await findUserByEmail(db, email);
    if (!user) throw notFound('User');
    return user;
  }

  /** Changes the role in one transaction; making someone a customer ends every session of theirs with it. */
  async function setRole(userId: string, role: Role): Promise<'changed' | 'unchanged'> {
    const outcome = await changingUsers(() =>
      db.transaction().execute(async (trx) => {
        const result = await setRoleUnlessLastAdmin(trx, userId, role);
        // Their tokens spoke for a member of staff: every session ends with the role, so nothing signed in keeps it.
        if (result === 'changed' && role === 'customer') {
          await revokeUserSessions(trx, userId, new Date(now()).toISOString());
        }
        return result;
      }),
    );
    if (outcome === 'last_admin') throw lastAdmin();
    return outcome;
  }

  async function list(): Promise<StaffMember[]> {
    return (await listStaff(db)).flatMap((row) => {
      const role = staffRoleOf(row.role);
      return role === null ? [] : [{ email: row.email, name: row.name, role, twoFactor: row.enabled_at !== null }];
    });
  }

  return {
    list,

    /** PUT /api/admin/staff/{email}: a confirmed account only (409 otherwise). Answers the member as listed. */
    async setStaffRole(email: string, role: StaffRole): Promise<StaffMember> {
      const user = await userByEmail(email);
      if (user.email_verified !== 1) throw new AppError(409, 'email_unconfirmed', staffMessages.unconfirmed);
      await setRole(user.id, userRoleOf(role));
      const member = (await list()).find((m) => m.email === email);
      if (!member) throw notFound('User');
      return member;
    },

    /** SPEC's Make Admin: makes an administrator of anyone (from any role); 0 when they already were one. */
    async makeAdmin(email: string): Promise<number> {
      const user = await userByEmail(email);
      return (await setRole(user.id, 'admin')) === 'changed' ? 1 : 0;
    },

    /** DELETE /api/admin/staff/{email} and SPEC's DELETE /api/user/admin/{email}: a customer again; 0 if they were. */
    async removeStaff(email: string): Promise<number> {
      const user = await userByEmail(email);
      return (await setRole(user.id, 'customer')) === 'changed' ? 1 : 0;
    },
  };
}

export type Staff = ReturnType<typeof createStaff>;
