// Kysely types of the payment tables (created by db/migrations/002-payments.ts), merged into db/schema.ts's Database.
// Same conventions as the rest of the schema: money in integer cents, ISO-8601 UTC timestamps as text.

/** The shop's own record of each payment attempt: one row per provider intent, whatever the provider. */
export interface PaymentsTable {
  id: string;
  provider: 'sandbox' | 'stripe';
  intent_id: string;
  /**
   * Null if the (unpaid) order was deleted later, or if the intent was refused because its order had stopped being
   * payable (#24: order_ref still names it); the money trail stays.
   */
  order_id: string | null;
  /** The order the intent was opened for, kept after a delete (no foreign key); null only on rows before #24. */
  order_ref: string | null;
  /** Set once the row needs nothing more: voided, refunded, or the charge that paid its order (the sweep skips it). */
  settled_at: string | null;
  amount_cents: number;
  currency: string;
  status: string;
  /** The provider's refund of this intent (re_...), once the shop refunded it; one refund per intent. */
  refund_id: string | null;
  refunded_at: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * The built-in sandbox processor's own books, standing in for Stripe's servers. Kept in the shared database so every
 * server instance sees the same intents. Card data is never stored: only the last four digits of a charged card.
 */
export interface SandboxIntentsTable {
  id: string;
  client_secret: string;
  idempotency_key: string;
  order_id: string;
  amount_cents: number;
  currency: string;
  status: string;
  /** What was actually charged: 0 until the one successful confirmation, then the amount. */
  amount_received: number;
  /** What was given back: 0, or the whole charge once refunded (with refund_id). */
  amount_refunded: number;
  refund_id: string | null;
  last_error_code: string | null;
  last_error_decline_code: string | null;
  last_error_message: string | null;
  card_last4: string | null;
  created_at: string;
  updated_at: string;
}

/** The sandbox's partial refunds (B2B §14, migrations/039): one per idempotency key. */
export interface SandboxRefundsTable {
  key: string;
  intent_id: string;
  refund_id: string;
  amount_cents: number;
  created_at: string;
}

export interface PaymentTables {
  payments: PaymentsTable;
  sandbox_intents: SandboxIntentsTable;
  sandbox_refunds: SandboxRefundsTable;
}
