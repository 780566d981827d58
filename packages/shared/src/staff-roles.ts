// Staff roles and what each may do (B2B §15, docs/product.md §34): the one table the API enforces and the dashboard
// reads. A user record's `role` is 'customer' or a staff role; the administrator keeps SPEC's stored name 'admin'
// (SPEC's User: "'admin' marks an administrator"), so every answer, token and row that said 'admin' still does, and
// the contract's role name 'administrator' is what the staff calls and the admin check speak.
import './zod-setup.js';
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from './constants.js';

export const STAFF_ROLES = ['administrator', 'sales', 'warehouse', 'finance', 'catalog'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A user record's role as stored and answered (GET /api/user, /api/auth/me): 'admin' is the administrator. */
export const USER_ROLES = ['admin', 'customer', 'sales', 'warehouse', 'finance', 'catalog'] as const;
export const roleSchema = z.enum(USER_ROLES);
export type Role = z.infer<typeof roleSchema>;

/**
 * One permission per row of B2B §15's table, in its order:
 * orders.read: every order, the order search, the order pages, documents, orders.csv;
 * orders.ship: ship, shipments, deliver; receive returns;
 * finance.manage: cancel and refund, mark paid; payment terms, credit limits, tax exemption, tax rates;
 * returns.decide: authorize or reject returns;
 * quotes.manage: every quote, offer, reject, messages; contract prices;
 * companies.read: the companies list and a company's page (terms, balance);
 * products.write: create, edit, delete, stock, images, the catalogue CSV;
 * stats.read: the store figures;
 * admin.manage: users, Make Admin, staff roles, API keys, webhooks, punch-out connections, the audit trail.
 */
export const PERMISSIONS = [
  'orders.read',
  'orders.ship',
  'finance.manage',
  'returns.decide',
  'quotes.manage',
  'companies.read',
  'products.write',
  'stats.read',
  'admin.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** B2B §15's table, row by row: the staff roles that hold each permission. */
export const PERMISSION_ROLES: Readonly<Record<Permission, readonly StaffRole[]>> = {
  'orders.read': ['administrator', 'sales', 'warehouse', 'finance'],
  'orders.ship': ['administrator', 'warehouse'],
  'finance.manage': ['administrator', 'finance'],
  'returns.decide': ['administrator', 'sales', 'finance'],
  'quotes.manage': ['administrator', 'sales'],
  'companies.read': ['administrator', 'sales', 'finance'],
  'products.write': ['administrator', 'catalog'],
  'stats.read': ['administrator', 'sales', 'finance'],
  'admin.manage': ['administrator'],
};

/** The staff role a user record's role names, or null for a customer. */
export function staffRoleOf(role: Role): StaffRole | null {
  if (role === 'customer') return null;
  return role === 'admin' ? 'administrator' : role;
}

/** The user record's role that a staff role is stored as. */
export function userRoleOf(staffRole: StaffRole): Exclude<Role, 'customer'> {
  return staffRole === 'administrator' ? 'admin' : staffRole;
}

/** The user record's roles that hold `permission` (the API's reads by role, e.g. who is mailed a quote request). */
export function userRolesWith(permission: Permission): Array<Exclude<Role, 'customer'>> {
  return PERMISSION_ROLES[permission].map(userRoleOf);
}

/** Every permission of a role, in the table's order; a customer has none. */
export function permissionsOf(role: Role): Permission[] {
  const staffRole = staffRoleOf(role);
  return staffRole === null ? [] : PERMISSIONS.filter((p) => PERMISSION_ROLES[p].includes(staffRole));
}

/** The one question every rule asks: may this user (by the role their record holds now) do this? */
export function can(user: { role: Role }, permission: Permission): boolean {
  const staffRole = staffRoleOf(user.role);
  return staffRole !== null && PERMISSION_ROLES[permission].includes(staffRole);
}

export const staffMessages = {
  roleInvalid: `role must be one of ${STAFF_ROLES.join(', ')}`,
  /** A staff member calling outside their role (403). */
  missingPermission: (permission: Permission) =>
    `Your staff role does not allow this: it needs the ${permission} permission`,
  unconfirmed: 'This account has not confirmed its e-mail address: it cannot be given a staff role until it does',
};

export const staffEmailMessage = 'Enter the e-mail address of an account';

/** The Staff page's "Add a member of staff" form: an account's e-mail and the role to give it. */
export const staffAddSchema = z.object({
  email: z
    .string({ error: staffEmailMessage })
    .trim()
    .max(EMAIL_MAX_LENGTH, staffEmailMessage)
    .regex(EMAIL_PATTERN, staffEmailMessage)
    .transform((v) => v.toLowerCase()),
  role: z.enum(STAFF_ROLES, { error: staffMessages.roleInvalid }),
});
export type StaffAdd = z.input<typeof staffAddSchema>;

export const staffRoleBodySchema = z.object({
  role: z.enum(STAFF_ROLES, { error: staffMessages.roleInvalid }),
});
export type StaffRoleBody = z.infer<typeof staffRoleBodySchema>;

/** GET /api/admin/staff: one member of staff. */
export const staffMemberSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  /** Two-step sign-in is on (a confirmed TOTP set-up). */
  twoFactor: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** SPEC's admin check: `{ admin: false }` for a customer; every staff role adds its role and permissions. */
export const adminCheckSchema = z.object({
  admin: z.boolean(),
  role: z.enum(STAFF_ROLES).optional(),
  permissions: z.enum(PERMISSIONS).array().optional(),
});
export type AdminCheck = z.infer<typeof adminCheckSchema>;
