// Stripe behind the PaymentProvider seam (docs/product.md §6): PaymentIntents for the server-computed amount, retrieved
// again before an order is marked paid, and webhook events accepted only with a valid, fresh signature.
import { createRequire } from 'node:module';
import type Stripe from 'stripe';
import { AppError } from '../../infra/errors.js';
import {
  PAYMENT_CURRENCY,
  idempotencyKeyFor,
  refundKeyFor,
  type CreateIntentInput,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderRefund,
} from './payment-provider.js';

/**
 * The Stripe SDK, loaded when a Stripe provider is made: a shop on the sandbox processor never pays for it at start-up
 * (about a tenth of a restart's CPU). Its CommonJS build loads in step, so the provider is made as before.
 */
let stripeModule: typeof Stripe | undefined;
function stripeSdk(): typeof Stripe {
  stripeModule ??= createRequire(import.meta.url)('stripe') as typeof Stripe;
  return stripeModule;
}

/** Stripe's own default tolerance; an older signed event is treated as a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeSettings {
  secretKey: string;
  publishableKey: string | undefined;
  webhookSecret: string | undefined;
  /** Where the Stripe API lives; only tests change it (a local stand-in). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

export type WebhookOutcome =
  | { kind: 'payment_succeeded'; eventId: string; intent: ProviderIntent }
  | { kind: 'ignored'; eventId: string; type: string };

export function toProviderIntent(pi: Stripe.PaymentIntent): ProviderIntent {
  const error = pi.last_payment_error;
  return {
    id: pi.id,
    clientSecret: pi.client_secret,
    status: pi.status,
    amountCents: pi.amount,
    currency: pi.currency,
    orderId: pi.metadata?.orderId ?? null,
    lastPaymentError: error
      ? {
          code: error.code ?? 'card_error',
          ...(error.decline_code ? { decline_code: error.decline_code } : {}),
          message: error.message ?? 'The payment failed.',
        }
      : null,
  };
}

/** Stripe refusing a request is the caller's problem (4xx); Stripe being unreachable is ours (502). */
function providerFailure(err: unknown): AppError {
  if (
    err instanceof stripeSdk().errors.StripeInvalidRequestError ||
    err instanceof stripeSdk().errors.StripeCardError
  ) {
    return new AppError(400, 'payment_provider_refused', err.message);
  }
  return new AppError(502, 'payment_provider_unavailable', 'The payment provider could not be reached. Try again.');
}

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string | null;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string | undefined;

  constructor(settings: StripeSettings) {
    this.publishableKey = settings.publishableKey ?? null;
    this.webhookSecret = settings.webhookSecret;
    this.stripe = new (stripeSdk())(settings.secretKey, {
      // Retries are safe because every create carries our idempotency key.
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'kestrel-components' },
      ...(settings.api ?? {}),
    });
  }

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    try {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: PAYMENT_CURRENCY,
          metadata: { orderId: input.orderId },
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: idempotencyKeyFor(input) },
      );
      return toProviderIntent(pi);
    } catch (err) {
      throw providerFailure(err);
    }
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    try {
      return toProviderIntent(await this.stripe.paymentIntents.retrieve(id));
    } catch (err) {
      if (err instanceof stripeSdk().errors.StripeInvalidRequestError && err.code === 'resource_missing') return null;
      throw providerFailure(err);
    }
  }

  async cancelIntent(id: string): Promise<ProviderIntent> {
    try {
      return toProviderIntent(
        await this.stripe.paymentIntents.cancel(id, {}, { idempotencyKey: `kestrel-void-${id}` }),
      );
    } catch (err) {
      // Stripe refuses to cancel an intent that already succeeded (or was cancelled before) with
      // payment_intent_unexpected_state and the intent as it is: that answer is what the caller needs.
      if (
        err instanceof stripeSdk().errors.StripeInvalidRequestError &&
        err.code === 'payment_intent_unexpected_state' &&
        err.payment_intent
      ) {
        return toProviderIntent(err.payment_intent);
      }
      throw providerFailure(err);
    }
  }

  async refund(intentId: string, amountCents: number, key?: string): Promise<ProviderRefund> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: intentId, amount: amountCents },
        { idempotencyKey: key ?? refundKeyFor(intentId) },
      );
      return { id: refund.id };
    } catch (err) {
      // A whole refund made already under another key (after Stripe forgot ours, 24 hours on): that refund is the
      // answer. A partial one (its own key) cannot tell its refund from the others', so it fails and stays due.
      if (
        key === undefined &&
        err instanceof stripeSdk().errors.StripeInvalidRequestError &&
        err.code === 'charge_already_refunded'
      ) {
        const earlier = await this.stripe.refunds.list({ payment_intent: intentId, limit: 1 }).catch(() => null);
        const first = earlier?.data[0];
        if (first) return { id: first.id };
      }
      throw providerFailure(err);
    }
  }

  /** Verifies the signature over the exact bytes Stripe sent; a parsed-and-reserialised body would not match. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): WebhookOutcome {
    if (!this.webhookSecret) {
      throw new AppError(400, 'webhook_not_configured', 'STRIPE_WEBHOOK_SECRET is not configured');
    }
    if (!signature) throw new AppError(400, 'invalid_signature', 'Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch {
      throw new AppError(400, 'invalid_signature', 'The webhook signature is invalid or too old');
    }
    if (event.type === 'payment_intent.succeeded') {
      return { kind: 'payment_succeeded', eventId: event.id, intent: toProviderIntent(event.data.object) };
    }
    return { kind: 'ignored', eventId: event.id, type: event.type };
  }
}
