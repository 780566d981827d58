// What the orders module needs of billing (accounts receivable, modules/billing): the credit check and the invoice
// and credit note numbers, each inside the order's own transaction. Stated here so that orders never imports
// billing: app.ts hands in the billing service, as it hands in payments. Billing reads companies and infra and never
// orders, so the two stay one way round (issue #48).
import type { Kysely, Transaction } from 'kysely';
import type { Database, OrderStatus, PaymentTermsName } from '../../infra/db/schema.js';

export interface OrderBilling {
  /**
   * B2B §5's credit check inside the order's own transaction, which already holds the company's lock: refuses (409)
   * an overdue account, or a balance plus `addedCents` past the credit limit. At approval the order is already in
   * the balance (addedCents 0) and `orderTotalCents` names its total in the refusal.
   */
  checkCredit(
    trx: Kysely<Database>,
    companyId: string,
    terms: { credit_limit_cents: number | null } | undefined,
    addedCents: number,
    at: string,
    orderTotalCents?: number,
  ): Promise<void>;
  /**
   * Gives the order its invoice number (INV-{year}-{000001}) in the transaction that pays or confirms it, which holds
   * the order row; call it last (the year's counter row stays locked until the commit). Answers the number, null for
   * no such order; an order that has one keeps it.
   */
  assignInvoiceNumber(trx: Transaction<Database>, orderId: string, at: string): Promise<string | null>;
  /**
   * Gives an order the caller's transaction has just confirmed on account (placed or approved so) its due date, the
   * company's net `terms` from `at`, and its invoice number; call it last, like the invoice number. Refuses (409)
   * terms that are not net.
   */
  confirmOnAccount(
    trx: Transaction<Database>,
    orderId: string,
    terms: PaymentTermsName,
    at: string,
  ): Promise<{ dueDate: string; invoiceNumber: string | null }>;
  /**
   * Records an on-account order's payment (the transfer's `reference`) once, while it is in one of `payable`
   * statuses; answers whether it did (false: already paid, or no longer payable).
   */
  recordAccountPayment(
    trx: Transaction<Database>,
    orderId: string,
    reference: string,
    at: string,
    payable: readonly OrderStatus[],
  ): Promise<boolean>;
  /** The credit note number (CN-…) of an invoiced order cancelled or refunded, likewise; null when never invoiced. */
  assignCreditNoteNumber(trx: Transaction<Database>, orderId: string, at: string): Promise<string | null>;
  /**
   * B2B §14: credits these units of the order (their unit price plus the order's tax on them) in the caller's
   * transaction, which holds the order row; call it last, like the numbers above. Writes the credit note and settles it
   * (a card refund recorded as due, an unpaid invoice lowered, or credit on the company's account); null when the order
   * was never invoiced.
   */
  creditOrder(
    trx: Transaction<Database>,
    credit: {
      orderId: string;
      /** By product; a line whose product was deleted since by its SKU (productId null). */
      lines: ReadonlyArray<{ productId: string | null; sku: string; quantity: number }>;
      reason: 'cancellation';
      at: string;
    },
  ): Promise<{ creditNoteNumber: string; total: number; settlement: 'card' | 'invoice' | 'balance' } | null>;
  /** After the commit: makes the card refunds of these credit notes (a failure stays due; the card-refund job retries). */
  refundCredits(numbers: readonly string[]): Promise<number>;
}
