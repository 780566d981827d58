// The company rules of an order (B2B §5, issue #25), in one place: which orders a spending limit sends to approval,
// who may pay on account, when an on-account order is due, and the credit check (overdue orders, credit limit). The
// order write (company-order-write-repository.ts) applies them at placement, approvals.ts again at approval; the balance they
// sum is the companies module's (companies/credit-repository.ts).
import { companyOrderingMessages, creditLimitExceededMessage, isNetTerms, NET_TERM_DAYS } from '@kestrel/shared';
import type { Kysely } from 'kysely';
import type { CompanyRole, Database, PaymentTermsName } from '../../infra/db/schema.js';
import { AppError } from '../../infra/errors.js';
import { companyBalanceCents, overdueCount, type Membership } from '../companies/index.js';

/** Who places a company order and how: what the order write needs to apply the rules. */
export interface CompanyPlacement {
  companyId: string;
  role: CompanyRole;
  /** Cents; null: none. Owners never have one. */
  spendingLimitCents: number | null;
  /** The buyer asked to pay on account. */
  onAccount: boolean;
}

/** Issue 47: the refusal says what credit is left and what the order costs, so the buyer can choose the card. */
export const creditLimitExceeded = (availableCents: number, totalCents: number) =>
  new AppError(409, 'credit_limit_exceeded', creditLimitExceededMessage(availableCents, totalCents));
export const accountOverdue = () => new AppError(409, 'account_overdue', companyOrderingMessages.overdue);
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

/**
 * B2B §5's credit check, inside a transaction that holds the company's lock: no open on-account order overdue, and
 * the open balance plus `addedCents` within the credit limit (null: no limit). The balance (companyBalanceCents)
 * already holds an on-account order awaiting approval, so its approval adds 0 and a new order its total.
 */
export async function checkCredit(
  trx: Kysely<Database>,
  companyId: string,
  terms: { credit_limit_cents: number | null } | undefined,
  addedCents: number,
  at: string,
  /** The order's own total, for the refusal's words (at approval it is already in the balance: addedCents 0). */
  orderTotalCents: number = addedCents,
): Promise<void> {
  if ((await overdueCount(trx, companyId, at.slice(0, 10))) > 0) throw accountOverdue();
  const limit = terms?.credit_limit_cents ?? null;
  if (limit === null) return;
  const balance = await companyBalanceCents(trx, companyId);
  if (balance + addedCents > Number(limit)) {
    // What the rest of the balance (every open on-account order but this one) leaves of the limit.
    const others = balance + addedCents - orderTotalCents;
    throw creditLimitExceeded(Math.max(0, Number(limit) - others), orderTotalCents);
  }
}
