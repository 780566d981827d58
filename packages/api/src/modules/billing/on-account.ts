// Orders on account (B2B §5): when one is due and what confirms it. Confirming an order on account (at placement, or
// at an owner's approval) gives it its due date, the company's net terms from that day, and its invoice number, in
// the orders module's transaction that confirms it; both are billing's to write (ADR 007).
import { companyOrderingMessages, isNetTerms, NET_TERM_DAYS } from '@kestrel/shared';
import type { Transaction } from 'kysely';
import type { Database, PaymentTermsName } from '../../infra/db/schema.js';
import { AppError } from '../../infra/errors.js';
import { assignInvoiceNumber } from './invoice-numbers.js';
import { setDueDate } from './on-account-repository.js';

/** The refusal of paying on account without net terms (B2B §5), at placement (orders' company rules) and here. */
export const cardTermsRefusal = () => new AppError(409, 'no_account_terms', companyOrderingMessages.cardTerms);

/** The UTC day `at` plus the terms' days, YYYY-MM-DD: due on that day, overdue from the next. */
export function dueDateOf(terms: PaymentTermsName, at: string): string {
  if (!isNetTerms(terms)) throw cardTermsRefusal();
  const due = new Date(at);
  due.setUTCDate(due.getUTCDate() + NET_TERM_DAYS[terms]);
  return due.toISOString().slice(0, 10);
}

export interface ConfirmedOnAccount {
  dueDate: string;
  invoiceNumber: string | null;
}

/**
 * Gives an order the caller's transaction has just confirmed on account its due date on `terms` and its invoice
 * number. Call it last, as the invoice number asks (its year's counter row stays locked until the commit); refuses
 * (409) terms that are not net, and the caller's transaction rolls back with nothing confirmed.
 */
export async function confirmOnAccount(
  trx: Transaction<Database>,
  orderId: string,
  terms: PaymentTermsName,
  at: string,
): Promise<ConfirmedOnAccount> {
  const dueDate = dueDateOf(terms, at);
  if (!(await setDueDate(trx, orderId, dueDate))) throw new Error(`Order ${orderId} is not on account`);
  return { dueDate, invoiceNumber: await assignInvoiceNumber(trx, orderId, at) };
}
