// What each company role may do (B2B §5): an owner everything, a buyer orders and pays, a viewer reads only. The
// orders service asks this before placing an order, and the order ownership rule (orders/ownership.ts) before paying,
// cancelling or deleting one, so a viewer's refusal is decided here and nowhere else. Also the one refusal of a caller
// in no company, for the company calls of this module and of others (GET /api/company/orders is the orders module's).
import { companyMessages } from '@kestrel/shared';
import { AppError, forbidden } from '../../infra/errors.js';
import type { Membership } from './membership-repository.js';

export const VIEWER_REFUSAL = 'Your company role is viewer: you can read its orders but not order, pay or cancel';

/** Throws 403 when the caller's company role does not allow ordering, paying or cancelling. */
/** 404: the caller is in no company (a company's calls do not say whether companies exist). */
export const notInCompany = () => new AppError(404, 'not_found', companyMessages.noCompany);

/** The caller's membership, or 404 notInCompany. */
export function requireMember(membership: Membership | undefined): Membership {
  if (!membership) throw notInCompany();
  return membership;
}

export function requireMayAct(membership: Pick<Membership, 'role'> | undefined): void {
  if (membership?.role === 'viewer') throw forbidden(VIEWER_REFUSAL);
}
