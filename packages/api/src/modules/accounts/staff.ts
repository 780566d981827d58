// Staff roles (B2B §15, docs/product.md §34): an administrator gives a confirmed account a staff role, changes it, or
// makes it a customer again (its sessions ended in the same transaction), never leaving the shop without an
// administrator. Every change goes through `changingUsers`, so the memory of checked sessions forgets the old role
// and the next request already runs under the new one. Each change records its audit entry (staff.role_set or
// staff.removed, the API's role names before and after) in the same transaction.
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
import { recordAudit, type AuditContext } from '../audit/index.js';
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

  /** The role as the API names it: a staff role, or `customer`. */
  const apiRole = (role: Role) => staffRoleOf(role) ?? 'customer';

  function summaryOf(email: string, role: Role): string {
    const staffRole = staffRoleOf(role);
    if (staffRole === null) return `Made ${email} a customer`;
    return staffRole === 'administrator' ? `Made ${email} an administrator` : `Gave ${email} the ${staffRole} role`;
  }

  /**
   * Changes the role in one transaction with its audit entry; making someone a customer ends every session of theirs
   * with it.
   */
  async function setRole(
    user: { id: string; email: string; role: Role },
    role: Role,
    audit: AuditContext | null,
  ): Promise<'changed' | 'unchanged'> {
    const outcome = await changingUsers(() =>
      db.transaction().execute(async (trx) => {
        const result = await setRoleUnlessLastAdmin(trx, user.id, role);
        if (result !== 'changed') return result;
        // Their tokens spoke for a member of staff: every session ends with the role, so nothing signed in keeps it.
        if (role === 'customer') await revokeUserSessions(trx, user.id, new Date(now()).toISOString());
        await recordAudit(trx, audit, {
          action: role === 'customer' ? 'staff.removed' : 'staff.role_set',
          targetType: 'staff',
          targetId: user.id,
          summary: summaryOf(user.email, role),
          changes: { role: [apiRole(user.role), apiRole(role)] },
        });
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
    async setStaffRole(email: string, role: StaffRole, audit: AuditContext | null): Promise<StaffMember> {
      const user = await userByEmail(email);
      if (user.email_verified !== 1) throw new AppError(409, 'email_unconfirmed', staffMessages.unconfirmed);
      await setRole(user, userRoleOf(role), audit);
      const member = (await list()).find((m) => m.email === email);
      if (!member) throw notFound('User');
      return member;
    },

    /** SPEC's Make Admin: makes an administrator of anyone (from any role); 0 when they already were one. */
    async makeAdmin(email: string, audit: AuditContext | null): Promise<number> {
      const user = await userByEmail(email);
      return (await setRole(user, 'admin', audit)) === 'changed' ? 1 : 0;
    },

    /** DELETE /api/admin/staff/{email} and SPEC's DELETE /api/user/admin/{email}: a customer again; 0 if they were. */
    async removeStaff(email: string, audit: AuditContext | null): Promise<number> {
      const user = await userByEmail(email);
      return (await setRole(user, 'customer', audit)) === 'changed' ? 1 : 0;
    },
  };
}

export type Staff = ReturnType<typeof createStaff>;
