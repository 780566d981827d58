// The company rules of an order (B2B §5, issue #25), in one place: which orders a spending limit sends to approval,
// who may pay on account and when an on-account order is due. The order write (placing/company-write-repository.ts)
// applies them at placement, approvals.ts again at approval; the credit check (overdue orders, credit limit) and the
// balance it sums are billing's (billing/credit-check.ts), reached through billing-port.ts.
import { companyOrderingMessages, isNetTerms, NET_TERM_DAYS } from '@kestrel/shared';
import type { CompanyRole, PaymentTermsName } from '../../infra/db/schema.js';
import { AppError } from '../../infra/errors.js';
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

const cardTerms = () => new AppError(409, 'no_account_terms', companyOrderingMessages.cardTerms);

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
  if (onAccount && !isNetTerms(membership.paymentTerms)) throw cardTerms();
  const limit = membership.role === 'buyer' ? membership.spendingLimitCents : null;
  if (!onAccount && limit === null) return undefined;
  return { companyId: membership.companyId, role: membership.role, spendingLimitCents: limit, onAccount };
}

/** An order above the buyer's own limit waits for an owner (owners have no limit). */
export function needsApproval(company: CompanyPlacement, totalCents: number): boolean {
  return company.role === 'buyer' && company.spendingLimitCents !== null && totalCents > company.spendingLimitCents;
}

/** The UTC day `at` plus the terms' days, YYYY-MM-DD: due on that day, overdue from the next. */
export function dueDateOf(terms: PaymentTermsName, at: string): string {
  if (!isNetTerms(terms)) throw cardTerms();
  const due = new Date(at);
  due.setUTCDate(due.getUTCDate() + NET_TERM_DAYS[terms]);
  return due.toISOString().slice(0, 10);
}

export interface Placement {
  status: 'pending' | 'awaiting_approval' | 'confirmed';
  onAccount: boolean;
  dueDate: string | null;
}

/** The status an order is placed in, on the company's terms as read under its lock. */
export function placementOf(
  company: CompanyPlacement,
  terms: { payment_terms: PaymentTermsName } | undefined,
  totalCents: number,
  at: string,
): Placement {
  if (company.onAccount && (!terms || !isNetTerms(terms.payment_terms))) throw cardTerms();
  if (needsApproval(company, totalCents))
    return { status: 'awaiting_approval', onAccount: company.onAccount, dueDate: null };
  if (company.onAccount && terms) {
    return { status: 'confirmed', onAccount: true, dueDate: dueDateOf(terms.payment_terms, at) };
  }
  return { status: 'pending', onAccount: false, dueDate: null };
}
