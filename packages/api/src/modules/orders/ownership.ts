// The one rule of who may see and act on an order (docs/architecture.md, "Conventions"; B2B §5): an order is seen by
// its buyer, any member of the company it was placed for, and staff with orders.read (B2B §15); to anyone else it
// does not exist (404, so ids do not leak). Acting on it goes further: a company viewer may act on nothing (403,
// companies/roles.ts); paying and deleting are the buyer's own; cancelling is the buyer's, the company owner's or
// staff's with finance.manage; delivering is the buyer's, a colleague's or staff's with orders.ship. Every route that reads or acts on one order comes through `authorizeOrder`.
import { can, staffMessages } from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { forbidden, notFound } from '../../infra/errors.js';
import type { AuthUser } from '../accounts/index.js';
import { findMembership, requireMayAct, VIEWER_REFUSAL, type Membership } from '../companies/index.js';
import type { OrderRow } from './repository.js';

/**
 * read: see it and its documents; pay: a payment intent, reorder; delete: SPEC's DELETE; cancel; deliver: B2B §4's
 * delivery confirmation. Staff-only transitions (ship, mark paid) read it; their routes declare the permission.
 */
export type OrderAction = 'read' | 'pay' | 'delete' | 'cancel' | 'deliver';

/** Issue 47: a company order is paid by its buyer only while they still belong to its company. */
export const NOT_IN_ORDER_COMPANY = "You are no longer a member of this order's company: you cannot pay it";

/**
 * Why the order's buyer may no longer pay it, or null when they may: a viewer now, or no longer in the company the
 * order was placed for. authorizeOrder asks it before a payment starts, the lifecycle's markPaid again when a charge
 * succeeds (a role may change between the two: B2B §4, such a charge is refunded at once).
 */
export function payRefusal(membership: Membership | undefined, row: Pick<OrderRow, 'company_id'>): string | null {
  if (membership?.role === 'viewer') return VIEWER_REFUSAL;
  if (row.company_id !== null && membership?.companyId !== row.company_id) return NOT_IN_ORDER_COMPANY;
  return null;
}

export async function authorizeOrder(
  db: Db,
  row: OrderRow | undefined,
  user: AuthUser,
  action: OrderAction,
): Promise<OrderRow> {
  if (!row) throw notFound('Order');
  const own = row.user_id === user.id;
  // Staff who read every order see it; a member of staff without that permission sees it as a customer would
  // (B2B §15). Acting on another's order as staff needs the action's own permission.
  const staffReads = can(user, 'orders.read');
  const staffActs =
    action === 'cancel' ? can(user, 'finance.manage') : action === 'deliver' && can(user, 'orders.ship');
  // The membership is read only when it decides something: an order of another's in a company, or any act.
  let membership: Membership | undefined;
  if (action !== 'read' || (!own && !staffReads && row.company_id !== null)) {
    membership = await findMembership(db, user.id);
  }
  const colleague = row.company_id !== null && membership?.companyId === row.company_id;
  // Paying and deleting were always the buyer's alone: to anyone but a colleague they stay invisible.
  const sees = own || colleague || (staffReads && action !== 'pay' && action !== 'delete');
  if (!sees) throw notFound('Order');
  if (action === 'read') return row;
  if (!staffActs || own) requireMayAct(membership);
  switch (action) {
    case 'pay': {
      if (!own) throw forbidden('Only the person who placed this order can do this');
      const refusal = payRefusal(membership, row);
      if (refusal) throw forbidden(refusal);
      return row;
    }
    case 'delete':
      if (!own) throw forbidden('Only the person who placed this order can do this');
      return row;
    case 'cancel':
      if (!own && !staffActs && membership?.role !== 'owner') {
        throw forbidden(
          staffReads
            ? staffMessages.missingPermission('finance.manage')
            : "Only the person who placed this order or the company's owner can cancel it",
        );
      }
      return row;
    case 'deliver':
      if (!own && !colleague && !staffActs) throw forbidden(staffMessages.missingPermission('orders.ship'));
      return row;
  }
}
