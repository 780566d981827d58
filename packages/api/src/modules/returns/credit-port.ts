// What returns asks of billing (B2B §14): the one way to credit an order, inside the receive's own transaction.
// Stated here as a port so app.ts hands in billing's `creditOrder`, as orders gets its billing through billing-port.ts.
import type { Transaction } from 'kysely';
import type { Database } from '../../infra/db/schema.js';

export interface CreditLines {
  orderId: string;
  lines: { productId: string; quantity: number }[];
  reason: 'return';
  /** The receipt's time: the credit note's date and year. */
  at: string;
}

export interface ReturnCredit {
  /**
   * Credits `lines` of the order at their unit price plus the order's tax on them: writes the credit note, lowers the
   * company balance (on account) or records the card refund as due (paid after the commit). Answers its number and
   * total in cents; null for an order never invoiced (nothing was charged).
   */
  creditOrder(
    trx: Transaction<Database>,
    credit: CreditLines,
  ): Promise<{ creditNoteNumber: string; total: number } | null>;
  /** After the commit: pays the card refunds recorded as due (a failure stays due and is retried by the sweep). */
  afterCredit?(orderId: string): Promise<void>;
}
