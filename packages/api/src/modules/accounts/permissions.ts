// The one refusal of a call outside the caller's staff role (B2B §15): every route hook (`app.requirePermission`) and
// every service step that only staff may take once it has found its target (ship, mark paid: a customer must first
// hear 404 for an order not theirs) ends here. A customer hears what they always heard; a member of staff, which
// permission their role lacks. The table itself is packages/shared/src/staff-roles.ts.
import { can, staffMessages, staffRoleOf, type Permission } from '@kestrel/shared';
import { forbidden } from '../../infra/errors.js';
import type { AuthUser } from './auth-user.js';

export function demandPermission(
  user: AuthUser,
  permission: Permission,
  customerMessage = 'Only administrators may do this',
): void {
  if (can(user, permission)) return;
  throw forbidden(staffRoleOf(user.role) === null ? customerMessage : staffMessages.missingPermission(permission));
}
