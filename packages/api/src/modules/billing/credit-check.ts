// B2B §5's credit check (issue #25): an on-account order is refused while any of the company's open on-account orders
// is overdue, or when the open balance plus the order would pass the credit limit. The orders module runs it inside
// the order's own transaction, after taking the company's lock (companies' lockCompany), through the port app.ts
// hands it (orders/billing-port.ts): at placement and again at approval.
import { companyOrderingMessages, creditLimitExceededMessage } from '@kestrel/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema.js';
import { AppError } from '../../infra/errors.js';
import { companyBalanceCents, overdueCount } from './balance-repository.js';

/** Issue 47: the refusal says what credit is left and what the order costs, so the buyer can choose the card. */
export const creditLimitExceeded = (availableCents: number, totalCents: number) =>
  new AppError(409, 'credit_limit_exceeded', creditLimitExceededMessage(availableCents, totalCents));
export const accountOverdue = () => new AppError(409, 'account_overdue', companyOrderingMessages.overdue);

/**
 * Inside a transaction that holds the company's lock: no open on-account order overdue, and the open balance plus
 * `addedCents` within the credit limit (null: no limit). The balance already holds an on-account order awaiting
 * approval, so its approval adds 0 and a new order its total.
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

export type CheckCredit = typeof checkCredit;
