// The company rules of an order (B2B §5, issue #25), in one place: which orders a spending limit sends to approval,
// who may pay on account. The order write (placing/company-write-repository.ts) applies them at placement, approvals.ts
// again at approval; the money is billing's, reached through billing-port.ts: the credit check (overdue orders,
// credit limit) and the balance it sums, and the due date and invoice number of an order confirmed on account.
import { companyOrderingMessages, isNetTerms } from '@kestrel/shared';
import type { CompanyRole, PaymentTermsName } from '../../infra/db/schema.js';
import { AppError } from '../../infra/errors.js';
import { cardTermsRefusal } from '../billing/index.js';
import type { Membership } from '../companies/index.js';

/** Who places a company order and how: what the order write needs to apply the rules. */
export interface CompanyPlacement {
  companyId: string;
  role: CompanyRole;
  /** Cents; null: none. Owners never have one. */
  spendingLimitCents: number | null;
  /** The buyer asked to pay on account. */
  onAccount: boolean;
}

/**
 * The company rule that applies to this order, or undefined when none does (the order takes the ordinary write).
 * Refuses on account without a company or without net terms (a viewer was refused before: companies/roles.ts).
 */
export function companyPlacementFor(
  membership: Membership | undefined,
  paymentTerms: 'card' | 'account' | undefined,
): CompanyPlacement | undefined {
  const onAccount = paymentTerms === 'account';
  if (!membership) {
    if (onAccount) throw new AppError(409, 'no_account_terms', companyOrderingMessages.noCompany);
    return undefined;
  }
  if (onAccount && !isNetTerms(membership.paymentTerms)) throw cardTermsRefusal();
  const limit = membership.role === 'buyer' ? membership.spendingLimitCents : null;
  if (!onAccount && limit === null) return undefined;
  return { companyId: membership.companyId, role: membership.role, spendingLimitCents: limit, onAccount };
}

/** An order above the buyer's own limit waits for an owner (owners have no limit). */
export function needsApproval(company: CompanyPlacement, totalCents: number): boolean {
  return company.role === 'buyer' && company.spendingLimitCents !== null && totalCents > company.spendingLimitCents;
}

export interface Placement {
  status: 'pending' | 'awaiting_approval' | 'confirmed';
  onAccount: boolean;
}

/** The status an order is placed in, on the company's terms as read under its lock. */
export function placementOf(
  company: CompanyPlacement,
  terms: { payment_terms: PaymentTermsName } | undefined,
  totalCents: number,
): Placement {
  if (company.onAccount && (!terms || !isNetTerms(terms.payment_terms))) throw cardTermsRefusal();
  if (needsApproval(company, totalCents)) return { status: 'awaiting_approval', onAccount: company.onAccount };
  if (company.onAccount && terms) return { status: 'confirmed', onAccount: true };
  return { status: 'pending', onAccount: false };
}
