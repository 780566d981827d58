// The built-in card processor (the offline default): it plays Stripe's part with the same ids, statuses and errors.
// Its intents live in the shared database, so any server instance can confirm or verify any intent.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { PaymentIntentView } from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { AppError } from '../../infra/errors.js';
import { evaluateCard, type CardInput } from './card-rules.js';
import {
  PAYMENT_CURRENCY,
  idempotencyKeyFor,
  type CreateIntentInput,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderRefund,
} from './payment-provider.js';
import * as store from './sandbox-intents-repository.js';

const SECRET_PATTERN = /^(pi_[0-9a-f]{24})_secret_[0-9a-f]{32}$/;

const noSuchIntent = () => new AppError(404, 'resource_missing', 'No such payment_intent');
// Stripe's wording for confirming an intent twice (the second attempt never charges) or after it was voided.
const alreadySucceeded = () =>
  new AppError(
    400,
    'payment_intent_unexpected_state',
    'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.',
  );
const alreadyCanceled = () =>
  new AppError(
    400,
    'payment_intent_unexpected_state',
    'You cannot confirm this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one of ' +
      'the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.',
  );
const notConfirmable = (status: string) => (status === 'canceled' ? alreadyCanceled() : alreadySucceeded());
const nothingToRefund = () =>
  new AppError(
    400,
    'payment_intent_unexpected_state',
    'This PaymentIntent does not have a successful charge to refund.',
  );
const refundTooLarge = () => new AppError(400, 'amount_too_large', 'Refund amount is greater than the amount charged.');

export function toIntentView(intent: ProviderIntent): PaymentIntentView {
  return {
    id: intent.id,
    status: intent.status,
    ...(intent.lastPaymentError ? { last_payment_error: intent.lastPaymentError } : {}),
  };
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export class SandboxProcessor implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly publishableKey = null;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async createIntent(input: CreateIntentInput): Promise<ProviderIntent> {
    const key = idempotencyKeyFor(input);
    const existing = await store.findIntentByKey(this.db, key);
    if (existing) return store.toProviderIntent(existing);
    const id = `pi_${randomBytes(12).toString('hex')}`;
    const at = this.now().toISOString();
    // A concurrent request with the same key may win the insert; both then read the one stored intent.
    await store.insertIntentOnce(this.db, {
      id,
      client_secret: `${id}_secret_${randomBytes(16).toString('hex')}`,
      idempotency_key: key,
      order_id: input.orderId,
      amount_cents: input.amountCents,
      currency: PAYMENT_CURRENCY,
      status: 'requires_payment_method',
      amount_received: 0,
      amount_refunded: 0,
      refund_id: null,
      last_error_code: null,
      last_error_decline_code: null,
      last_error_message: null,
      card_last4: null,
      created_at: at,
      updated_at: at,
    });
    const stored = await store.findIntentByKey(this.db, key);
    if (!stored) throw new AppError(500, 'internal_error', 'The sandbox intent was not stored');
    return store.toProviderIntent(stored);
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | null> {
    const row = await store.findIntent(this.db, id);
    return row ? store.toProviderIntent(row) : null;
  }

  /** The card network's step: what Stripe.js's confirmCardPayment does against Stripe, with the client secret as key. */
  async confirm(clientSecret: string, card: CardInput): Promise<PaymentIntentView> {
    const id = SECRET_PATTERN.exec(clientSecret)?.[1];
    const row = id ? await store.findIntent(this.db, id) : undefined;
    if (!id || !row || !sameSecret(row.client_secret, clientSecret)) throw noSuchIntent();
    if (row.status !== 'requires_payment_method') throw notConfirmable(row.status);

    const now = this.now();
    const outcome = evaluateCard(card, now);
    // Both updates only apply to an intent still awaiting a card, so two confirmations racing charge at most once.
    const applied = outcome.ok
      ? await store.recordCharge(this.db, id, row.amount_cents, outcome.last4, now.toISOString())
      : await store.recordDecline(this.db, id, outcome.error, now.toISOString());
    const after = await store.findIntent(this.db, id);
    if (!after) throw noSuchIntent();
    if (!applied) throw notConfirmable(after.status);
    return toIntentView(store.toProviderIntent(after));
  }

  async cancelIntent(id: string): Promise<ProviderIntent> {
    await store.recordCancel(this.db, id, this.now().toISOString());
    // Whichever won, the void or a charge, the row now says so.
    const row = await store.findIntent(this.db, id);
    if (!row) throw noSuchIntent();
    return store.toProviderIntent(row);
  }

  async refund(intentId: string, amountCents: number, key?: string): Promise<ProviderRefund> {
    if (key !== undefined) return this.refundPart(intentId, amountCents, key);
    const row = await store.findIntent(this.db, intentId);
    if (!row) throw noSuchIntent();
    if (row.refund_id) return { id: row.refund_id };
    if (row.status !== 'succeeded') throw nothingToRefund();
    if (amountCents <= 0 || amountCents > Number(row.amount_received)) throw refundTooLarge();
    // Two refunds racing: the conditional update lets one write its id, and both answer that one.
    await store.recordRefund(
      this.db,
      intentId,
      `re_${randomBytes(12).toString('hex')}`,
      amountCents,
      this.now().toISOString(),
    );
    const after = await store.findIntent(this.db, intentId);
    if (!after?.refund_id) throw nothingToRefund();
    return { id: after.refund_id };
  }

  /**
   * A partial refund (B2B §14), once per key, as Stripe's: never more than what is left of the charge, however many
   * keys race (the intent's amount_refunded is raised only where it stays within the charge, in one transaction with
   * the key's row).
   */
  private async refundPart(intentId: string, amountCents: number, key: string): Promise<ProviderRefund> {
    const earlier = await store.findPartRefund(this.db, key);
    if (earlier) return { id: earlier.refund_id };
    const row = await store.findIntent(this.db, intentId);
    if (!row) throw noSuchIntent();
    if (row.status !== 'succeeded') throw nothingToRefund();
    if (!(amountCents > 0)) throw refundTooLarge();
    const id = `re_${randomBytes(12).toString('hex')}`;
    const made = await store.recordPartRefund(this.db, {
      key,
      intent_id: intentId,
      refund_id: id,
      amount_cents: amountCents,
      created_at: this.now().toISOString(),
    });
    if (made === 'too_large') throw refundTooLarge();
    // 'taken': the same key raced this call and won; its refund is the answer.
    const kept = await store.findPartRefund(this.db, key);
    if (!kept) throw nothingToRefund();
    return { id: kept.refund_id };
  }
}
