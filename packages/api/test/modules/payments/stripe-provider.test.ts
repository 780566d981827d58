// The Stripe adapter driven through the real `stripe` SDK against a local stand-in of Stripe's API.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/infra/errors.js';
import { StripeProvider } from '../../../src/modules/payments/stripe-provider.js';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in.js';

const SECRET_KEY = 'sk_test_kestrel_standin';
const WEBHOOK_SECRET = 'whsec_kestrel_test_secret';
const ORDER_ID = '0190aaaabbbb000000000001';

let standIn: StripeStandIn;
let provider: StripeProvider;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  provider = new StripeProvider({
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_kestrel',
    webhookSecret: WEBHOOK_SECRET,
    api: { host: '127.0.0.1', port: standIn.port, protocol: 'http' },
  });
});
afterAll(() => standIn.close());

describe('StripeProvider.createIntent', () => {
  it('creates a usd PaymentIntent for the amount, keyed by order and amount, with the order id as metadata', async () => {
    const before = standIn.requests.length;
    const intent = await provider.createIntent({ orderId: ORDER_ID, amountCents: 1_234_500 });

    const sent = standIn.requests.slice(before);
    expect(sent).toHaveLength(1);
    const req = sent[0];
    expect(req?.method).toBe('POST');
    expect(req?.path).toBe('/v1/payment_intents');
    expect(req?.headers['idempotency-key']).toBe(`kestrel-order-${ORDER_ID}-amount-1234500`);
    expect(req?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(req?.form).toEqual({
      amount: '1234500',
      currency: 'usd',
      'metadata[orderId]': ORDER_ID,
      'automatic_payment_methods[enabled]': 'true',
    });
    expect(intent.id).toMatch(/^pi_[0-9a-f]{24}$/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_[0-9a-f]{24}$`));
    expect(intent).toMatchObject({
      status: 'requires_payment_method',
      amountCents: 1_234_500,
      currency: 'usd',
      orderId: ORDER_ID,
      lastPaymentError: null,
    });
  });

  it('gets the same intent back for the same order and amount, and a new one when the amount differs', async () => {
    const first = await provider.createIntent({ orderId: ORDER_ID, amountCents: 50_000 });
    const again = await provider.createIntent({ orderId: ORDER_ID, amountCents: 50_000 });
    const other = await provider.createIntent({ orderId: ORDER_ID, amountCents: 50_001 });
    expect(again.id).toBe(first.id);
    expect(again.clientSecret).toBe(first.clientSecret);
    expect(other.id).not.toBe(first.id);
    const keys = standIn.requests.slice(-3).map((r) => r.headers['idempotency-key']);
    expect(keys).toEqual([
      `kestrel-order-${ORDER_ID}-amount-50000`,
      `kestrel-order-${ORDER_ID}-amount-50000`,
      `kestrel-order-${ORDER_ID}-amount-50001`,
    ]);
  });

  it("passes Stripe's refusal on as a 400 with Stripe's message", async () => {
    const failure = provider.createIntent({ orderId: ORDER_ID, amountCents: 100_000_000 });
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({
      statusCode: 400,
      code: 'payment_provider_refused',
      message: 'Amount must be no more than $999,999.99',
    });
  });

  it('answers 502 when Stripe cannot be reached', async () => {
    const closed = await startStripeStandIn();
    await closed.close();
    const offline = new StripeProvider({
      secretKey: SECRET_KEY,
      publishableKey: undefined,
      webhookSecret: undefined,
      api: { host: '127.0.0.1', port: closed.port, protocol: 'http' },
    });
    await expect(offline.createIntent({ orderId: ORDER_ID, amountCents: 100 })).rejects.toMatchObject({
      statusCode: 502,
      code: 'payment_provider_unavailable',
    });
  });
});

describe('StripeProvider.retrieveIntent', () => {
  it("reads the intent's current status from Stripe, and null for an id Stripe does not know", async () => {
    const created = await provider.createIntent({ orderId: ORDER_ID, amountCents: 777 });
    expect((await provider.retrieveIntent(created.id))?.status).toBe('requires_payment_method');
    standIn.succeed(created.id);
    const after = await provider.retrieveIntent(created.id);
    expect(after).toEqual({
      id: created.id,
      clientSecret: created.clientSecret,
      status: 'succeeded',
      amountCents: 777,
      currency: 'usd',
      orderId: ORDER_ID,
      lastPaymentError: null,
    });
    const last = standIn.requests.at(-1);
    expect(last?.method).toBe('GET');
    expect(last?.path).toBe(`/v1/payment_intents/${created.id}`);
    expect(await provider.retrieveIntent('pi_doesnotexist000000')).toBeNull();
  });
});

describe('StripeProvider.cancelIntent', () => {
  it('voids an open intent with its own idempotency key and answers it canceled', async () => {
    const created = await provider.createIntent({ orderId: ORDER_ID, amountCents: 4100 });
    const voided = await provider.cancelIntent(created.id);
    expect(voided).toMatchObject({ id: created.id, status: 'canceled', amountCents: 4100, orderId: ORDER_ID });
    const sent = standIn.requests.at(-1);
    expect(sent).toMatchObject({ method: 'POST', path: `/v1/payment_intents/${created.id}/cancel` });
    expect(sent?.headers['idempotency-key']).toBe(`kestrel-void-${created.id}`);
    expect(standIn.intents.get(created.id)?.status).toBe('canceled');
    // Voiding again: Stripe refuses with the intent as it is, which is still the answer wanted.
    expect((await provider.cancelIntent(created.id)).status).toBe('canceled');
  });

  it("reads Stripe's payment_intent_unexpected_state refusal for a charged intent as 'succeeded'", async () => {
    const created = await provider.createIntent({ orderId: ORDER_ID, amountCents: 4200 });
    standIn.succeed(created.id);
    const before = standIn.requests.length;
    expect(await provider.cancelIntent(created.id)).toEqual({
      id: created.id,
      clientSecret: created.clientSecret,
      status: 'succeeded',
      amountCents: 4200,
      currency: 'usd',
      orderId: ORDER_ID,
      lastPaymentError: null,
    });
    // A 400 is final: the SDK does not retry it.
    expect(standIn.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /v1/payment_intents/${created.id}/cancel`,
    ]);
    expect(standIn.intents.get(created.id)?.status).toBe('succeeded');
  });

  it('passes an unknown intent on as a 400 refusal', async () => {
    await expect(provider.cancelIntent('pi_doesnotexist000000')).rejects.toMatchObject({
      statusCode: 400,
      code: 'payment_provider_refused',
    });
  });
});

describe('StripeProvider.refund', () => {
  it('refunds the amount of a charged intent, once per intent whatever the number of calls', async () => {
    const created = await provider.createIntent({ orderId: ORDER_ID, amountCents: 9900 });
    standIn.succeed(created.id);
    const before = standIn.requests.length;
    const [first, second] = await Promise.all([provider.refund(created.id, 9900), provider.refund(created.id, 9900)]);
    expect(first.id).toMatch(/^re_[0-9a-f]{24}$/);
    expect(second).toEqual(first);
    const third = await provider.refund(created.id, 9900);
    expect(third).toEqual(first);
    const sent = standIn.requests.slice(before);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(Array(3).fill('POST /v1/refunds'));
    for (const r of sent) {
      expect(r.headers['idempotency-key']).toBe(`kestrel-refund-${created.id}`);
      expect(r.form).toEqual({ payment_intent: created.id, amount: '9900' });
    }
    expect(standIn.refunds.filter((r) => r.payment_intent === created.id)).toEqual([
      {
        id: first.id,
        object: 'refund',
        amount: 9900,
        currency: 'usd',
        payment_intent: created.id,
        status: 'succeeded',
      },
    ]);
  });

  it('finds the earlier refund when Stripe says the charge was already refunded under another key', async () => {
    const created = await provider.createIntent({ orderId: ORDER_ID, amountCents: 1500 });
    standIn.succeed(created.id);
    const other = new Stripe(SECRET_KEY, { host: '127.0.0.1', port: standIn.port, protocol: 'http' });
    const earlier = await other.refunds.create({ payment_intent: created.id }, { idempotencyKey: 'someone-else' });
    expect(await provider.refund(created.id, 1500)).toEqual({ id: earlier.id });
    expect(standIn.refunds.filter((r) => r.payment_intent === created.id)).toHaveLength(1);
  });

  it("passes Stripe's refusal to refund an intent that was never charged on as a 400", async () => {
    const created = await provider.createIntent({ orderId: ORDER_ID, amountCents: 1600 });
    await expect(provider.refund(created.id, 1600)).rejects.toMatchObject({
      statusCode: 400,
      code: 'payment_provider_refused',
      message: `This PaymentIntent (${created.id}) does not have a successful charge to refund.`,
    });
  });
});

describe('StripeProvider.parseWebhook', () => {
  const stripe = new Stripe(SECRET_KEY);
  const event = (type: string, status = 'succeeded') =>
    JSON.stringify({
      id: 'evt_test_1',
      object: 'event',
      type,
      data: {
        object: {
          id: 'pi_webhook000000000001',
          object: 'payment_intent',
          amount: 4200,
          currency: 'usd',
          status,
          client_secret: null,
          metadata: { orderId: ORDER_ID },
          last_payment_error: null,
        },
      },
    });
  const sign = (payload: string, secret = WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000)) =>
    stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

  it('accepts a correctly signed payment_intent.succeeded and reads the intent from it', () => {
    const payload = event('payment_intent.succeeded');
    expect(provider.parseWebhook(Buffer.from(payload), sign(payload))).toEqual({
      kind: 'payment_succeeded',
      eventId: 'evt_test_1',
      intent: {
        id: 'pi_webhook000000000001',
        clientSecret: null,
        status: 'succeeded',
        amountCents: 4200,
        currency: 'usd',
        orderId: ORDER_ID,
        lastPaymentError: null,
      },
    });
  });

  it('accepts a signature 4 minutes old and ignores other event types', () => {
    const payload = event('payment_intent.created', 'requires_payment_method');
    const header = sign(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 240);
    expect(provider.parseWebhook(Buffer.from(payload), header)).toEqual({
      kind: 'ignored',
      eventId: 'evt_test_1',
      type: 'payment_intent.created',
    });
  });

  it('rejects a wrong secret, a tampered body, a stale signature and a missing header', () => {
    const payload = event('payment_intent.succeeded');
    const invalid = { statusCode: 400, code: 'invalid_signature' };
    expect(() => provider.parseWebhook(Buffer.from(payload), sign(payload, 'whsec_someone_else'))).toThrow(
      expect.objectContaining(invalid),
    );
    const tampered = payload.replace('"amount":4200', '"amount":1');
    expect(() => provider.parseWebhook(Buffer.from(tampered), sign(payload))).toThrow(expect.objectContaining(invalid));
    const stale = sign(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 301);
    expect(() => provider.parseWebhook(Buffer.from(payload), stale)).toThrow(
      expect.objectContaining({ ...invalid, message: 'The webhook signature is invalid or too old' }),
    );
    expect(() => provider.parseWebhook(Buffer.from(payload), undefined)).toThrow(
      expect.objectContaining({ ...invalid, message: 'Missing Stripe-Signature header' }),
    );
  });
});
