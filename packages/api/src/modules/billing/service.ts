// Accounts receivable (B2B §5, issue #48): what companies owe on account. The company account (terms, credit, the
// open balance, its unpaid orders with due dates, the overdue ones) for members and staff; the balances the companies
// module shows in its answers; and, inside the orders module's transactions, the credit check, the invoice and
// credit note numbers, the due date of an order confirmed on account and its payment's record. Billing reads
// companies (membership, terms) and never orders: the orders and companies modules reach it through what app.ts
// hands them (orders/billing-port.ts, companies' CompanyBalances).
import type { CompanyAccount } from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { notFound } from '../../infra/errors.js';
import { centsToDollars } from '../../infra/money.js';
import type { AuthUser } from '../accounts/index.js';
import { companyTerms, findMembership } from '../companies/index.js';
import { companyBalanceCents, companyBalancesCents, openAccountOrderRows, overdueOwed } from './balance-repository.js';
import { checkCredit, type CheckCredit } from './credit-check.js';
import { assignCreditNoteNumber } from './credit-note-numbers.js';
import { assignInvoiceNumber } from './invoice-numbers.js';
import { confirmOnAccount } from './on-account.js';
import { recordAccountPayment } from './on-account-repository.js';
import { createCardRefunds, type CardRefunder, type CardRefunds } from './card-refunds.js';
import { creditOrder } from './refunds.js';

export interface BillingDeps {
  db: Db;
  now?: () => Date;
  /** B2B §14's card refunds of partial credits (card-refunds.ts); read when one is made. */
  refunder?: () => CardRefunder | undefined;
  log?: { error(details: object, message: string): void };
}

export interface BillingService {
  /** The company's account as its members see it (every role reads it; 404 in no company). */
  accountOfMember(user: AuthUser): Promise<CompanyAccount>;
  /** Any company's account (staff with companies.read: the route declares it). */
  accountForAdmin(companyId: string): Promise<CompanyAccount>;
  /** A company's open balance in cents (the company answers). */
  balanceCents(companyId: string): Promise<number>;
  /** Every owing company's open balance in cents (the admin's list). */
  balancesCents(): Promise<Map<string, number>>;
  /** The credit check, inside the caller's transaction under the company lock (credit-check.ts). */
  checkCredit: CheckCredit;
  /** An order's invoice number, given in the caller's transaction that pays or confirms it (invoice-numbers.ts). */
  assignInvoiceNumber: typeof assignInvoiceNumber;
  /** An order confirmed on account: its due date and invoice number, in the transaction that confirms it. */
  confirmOnAccount: typeof confirmOnAccount;
  /** An on-account payment recorded once, in the transaction that marks the order paid (on-account-repository.ts). */
  recordAccountPayment: typeof recordAccountPayment;
  /** An invoiced order's credit note number, in the transaction that cancels or refunds it. */
  assignCreditNoteNumber: typeof assignCreditNoteNumber;
  /** B2B §14's one way to credit part of an order, in the caller's transaction (refunds.ts). */
  creditOrder: typeof creditOrder;
  /** After the commit of credits of card orders: their refunds at the provider (card-refunds.ts). */
  refundCredits: CardRefunds['refundCredits'];
  /** The card-refund job's run. */
  refundAllDue: CardRefunds['refundAllDue'];
}

export function createBillingService({
  db,
  now = () => new Date(),
  refunder = () => undefined,
  log = { error: () => undefined },
}: BillingDeps): BillingService {
  const cardRefunds = createCardRefunds({ db, refunder, now, log });
  async function accountOf(companyId: string): Promise<CompanyAccount> {
    const company = await companyTerms(db, companyId);
    if (!company) throw notFound('Company');
    const today = now().toISOString().slice(0, 10);
    const rows = await openAccountOrderRows(db, companyId);
    const balanceCents = await companyBalanceCents(db, companyId);
    const overdue = await overdueOwed(db, companyId, today);
    const limit = company.credit_limit_cents === null ? null : Number(company.credit_limit_cents);
    return {
      companyId,
      paymentTerms: company.payment_terms,
      creditLimit: limit === null ? null : centsToDollars(limit),
      balance: centsToDollars(balanceCents),
      available: limit === null ? null : centsToDollars(Math.max(0, limit - balanceCents)),
      overdueCount: overdue.count,
      overdueAmount: centsToDollars(overdue.cents),
      openOrders: rows.map((r) => ({
        _id: r.id,
        number: r.number,
        poNumber: r.po_number,
        invoiceNumber: r.invoice_number,
        status: r.status,
        // What is still owed on it: its total less the credit notes taken off it (B2B §14).
        amount: centsToDollars(Number(r.total_cents) - Number(r.credited_cents ?? 0)),
        createdAt: r.created_at,
        dueDate: r.due_date,
        // overdueAccountOrders' comparison, row by row: due on the day, overdue after it.
        overdue: r.due_date !== null && r.due_date < today,
      })),
    };
  }

  return {
    async accountOfMember(user) {
      const membership = await findMembership(db, user.id);
      if (!membership) throw notFound('Company');
      return accountOf(membership.companyId);
    },
    accountForAdmin: accountOf,
    balanceCents: (companyId) => companyBalanceCents(db, companyId),
    balancesCents: () => companyBalancesCents(db),
    checkCredit,
    assignInvoiceNumber,
    confirmOnAccount,
    recordAccountPayment,
    assignCreditNoteNumber,
    creditOrder,
    refundCredits: cardRefunds.refundCredits,
    refundAllDue: cardRefunds.refundAllDue,
  };
}
