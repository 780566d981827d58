// The card payment contract (docs/product.md §6): what the Payment page sends and reads, and the provider's card messages.
// The sandbox card processor answers with the same messages Stripe's test cards produce, so the page and the tests
// read one spelling whichever provider is configured.
import './zod-setup.js';
import { z } from 'zod';

/** Card outcome messages, spelled as docs/product.md §6 quotes them (the last four are Stripe's format checks). */
export const cardMessages = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  invalidNumber: 'Your card number is invalid.',
  expiryPast: "Your card's expiration date is in the past.",
  invalidCvc: "Your card's security code is invalid.",
  invalidExpiryMonth: "Your card's expiration month is invalid.",
  invalidExpiryYear: "Your card's expiration year is invalid.",
} as const;

export const paymentProviderNameSchema = z.enum(['sandbox', 'stripe']);
export type PaymentProviderName = z.infer<typeof paymentProviderNameSchema>;

/** `GET /api/payments/config`: which card form the page shows; the publishable key is public by design. */
export const paymentConfigSchema = z.object({
  provider: paymentProviderNameSchema,
  publishableKey: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/**
 * `POST /api/sandbox/confirm`: the sandbox plays the card network's role, so it takes the raw card fields.
 * Only shapes are checked here; whether the card is good is the processor's answer (an intent with last_payment_error).
 */
export const sandboxConfirmBodySchema = z.object({
  clientSecret: z.string().min(1, 'clientSecret is Required').max(200),
  cardNumber: z.string().max(40, 'cardNumber must be at most 40 characters'),
  expMonth: z.number().int('expMonth must be a whole number').min(0).max(99),
  /** Two digits (YY) or four (YYYY). */
  expYear: z.number().int('expYear must be a whole number').min(0).max(9999),
  cvc: z.string().max(8, 'cvc must be at most 8 characters'),
  billingName: z.string().max(120).optional(),
  billingEmail: z.string().max(254).optional(),
});
export type SandboxConfirmBody = z.input<typeof sandboxConfirmBodySchema>;

/** Statuses as Stripe names them; the sandbox uses the first two. */
export const paymentIntentStatusSchema = z.enum([
  'requires_payment_method',
  'succeeded',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
]);
export type PaymentIntentStatus = z.infer<typeof paymentIntentStatusSchema>;

export const paymentErrorSchema = z.object({
  code: z.string(),
  decline_code: z.string().optional(),
  message: z.string(),
});
export type PaymentError = z.infer<typeof paymentErrorSchema>;

/** The intent as a confirmation answers it (Stripe's field names). */
export const paymentIntentViewSchema = z.object({
  id: z.string(),
  status: paymentIntentStatusSchema,
  last_payment_error: paymentErrorSchema.optional(),
});
export type PaymentIntentView = z.infer<typeof paymentIntentViewSchema>;
