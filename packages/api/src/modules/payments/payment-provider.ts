// The seam between the shop and whoever moves the money (docs/product.md §1: one interface, a built-in offline default).
// The shop asks four things: "open an intent to collect this order's amount", "what is this intent now?", "void this
// intent" (an order cancelled or deleted before it was paid) and "give this charge back" (B2B §4 refunds).
// Charging the card happens between the browser and the provider, so it is not part of this interface.
import type { PaymentError, PaymentIntentStatus, PaymentProviderName } from '@kestrel/shared';

/** Every amount is charged in US dollars (prices are dollars in SPEC.md). */
export const PAYMENT_CURRENCY = 'usd';

export interface ProviderIntent {
  /** `pi_...`; the order's transactionId once it is paid. */
  id: string;
  /** `pi_..._secret_...`; only the paying browser gets it. */
  clientSecret: string | null;
  status: PaymentIntentStatus;
  amountCents: number;
  currency: string;
  /** From the intent's metadata; null when it was not created by this shop. */
  orderId: string | null;
  lastPaymentError: PaymentError | null;
}

export interface CreateIntentInput {
  orderId: string;
  amountCents: number;
  /**
   * 0 for the order's first intent at this amount; n after n of them were voided while the order stayed payable, so
   * a fresh intent (a new idempotency key) replaces the voided one.
   */
  attempt?: number;
}

export interface ProviderRefund {
  /** `re_...` */
  id: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Public key the browser needs (Stripe's publishable key); null for the sandbox. */
  readonly publishableKey: string | null;
  /**
   * Idempotent per order and amount: asking again for the same order and amount returns the same intent, so a reload,
   * a double click or a retried request never opens a second way to charge the same order.
   */
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  /** The provider's current view of an intent; null when the provider does not know that id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Voids an intent so it can no longer be charged, and answers it as it now is: `canceled`, or `succeeded` when the
   * charge got there first (the caller then settles the order instead).
   */
  cancelIntent(id: string): Promise<ProviderIntent>;
  /**
   * Gives a succeeded intent's charge back; idempotent per `key` (by default one refund per intent: the whole
   * order's): asking again with the same key answers the same refund. A partial refund (B2B §14) passes its credit
   * note's key (billing/card-refunds.ts), so several refunds of one charge each happen once.
   */
  refund(intentId: string, amountCents: number, key?: string): Promise<ProviderRefund>;
}

/** The same order at the same amount always maps to the same key; a changed amount is a different payment. */
export function idempotencyKeyFor(input: CreateIntentInput): string {
  const base = `kestrel-order-${input.orderId}-amount-${input.amountCents}`;
  return input.attempt ? `${base}-attempt-${input.attempt + 1}` : base;
}

/** One refund per intent, whoever asks and however often. */
export function refundKeyFor(intentId: string): string {
  return `kestrel-refund-${intentId}`;
}

/** Provider ids are short ASCII tokens; anything else is not worth a round trip to the provider. */
export function looksLikeIntentId(id: string): boolean {
  return /^pi_[A-Za-z0-9]{8,64}$/.test(id);
}
