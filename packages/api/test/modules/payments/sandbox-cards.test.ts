// The sandbox processor through HTTP on both databases: every docs/product.md §6 card outcome with its exact message,
// and an order that stays unpaid whatever a declined card does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import { buildWorld } from '../../helpers/world.js';
import { clientSecretFor, confirm, intentIdOf, placeOrder, readOrder } from './payment-fixtures.js';

describe.each(databases)('sandbox card processor on %s', (kind) => {
  let t: TestApp;
  let alice: SignedIn;
  let productId: string;

  beforeAll(async () => {
    ({
      t,
      people: { alice },
      products: { nvme: productId },
    } = await buildWorld(kind, {
      people: { alice: ['Alice Buyer', 'alice@example.com'] },
      products: { nvme: { name: 'Kestrel NVMe 1TB', price: 12.5 } },
    }));
  });
  afterAll(() => t.close());

  it('tells the page the sandbox is the provider', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'sandbox', publishableKey: null });
  });

  it('hands out pi_..._secret_... client secrets, the same one again for the same order', async () => {
    const orderId = await placeOrder(t.app, alice, productId);
    const secret = await clientSecretFor(t.app, alice, orderId);
    expect(secret).toMatch(/^pi_[0-9a-f]{24}_secret_[0-9a-f]{32}$/);
    expect(await clientSecretFor(t.app, alice, orderId)).toBe(secret);
  });

  it.each([
    [
      '4000 0000 0000 0002',
      {},
      { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
    ],
    [
      '4000 0000 0000 9995',
      {},
      { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    ],
    ['4000 0000 0000 0069', {}, { code: 'expired_card', message: 'Your card has expired.' }],
    ['4000 0000 0000 0127', {}, { code: 'incorrect_cvc', message: "Your card's security code is incorrect." }],
    ['4242 4242 4242 4243', {}, { code: 'incorrect_number', message: 'Your card number is invalid.' }],
    [
      '4242 4242 4242 4242',
      { expMonth: 1, expYear: 20 },
      { code: 'invalid_expiry_year', message: "Your card's expiration date is in the past." },
    ],
  ])('%s %j is refused with its message and the order stays unpaid', async (cardNumber, expiry, error) => {
    const orderId = await placeOrder(t.app, alice, productId);
    const secret = await clientSecretFor(t.app, alice, orderId);
    const res = await confirm(t.app, secret, { cardNumber, ...expiry });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: intentIdOf(secret),
      status: 'requires_payment_method',
      last_payment_error: error,
    });
    expect(await readOrder(t.app, alice, orderId)).toMatchObject({ paid: false, transactionId: null });
    const patch = await call(t.app, 'PATCH', `/api/orders/${orderId}`, alice, { transactionId: intentIdOf(secret) });
    expect(patch.statusCode).toBe(402);
    expect(patch.json()).toEqual({
      error: { code: 'payment_not_completed', message: 'The payment of this order has not succeeded' },
    });
  });

  it('charges 4242 4242 4242 4242 after a decline on the same intent, keeping only the last four digits', async () => {
    const orderId = await placeOrder(t.app, alice, productId);
    const secret = await clientSecretFor(t.app, alice, orderId);
    await confirm(t.app, secret, { cardNumber: '4000000000000002' });
    const res = await confirm(t.app, secret);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: intentIdOf(secret), status: 'succeeded' });
    const stored = await t.app.db
      .selectFrom('sandbox_intents')
      .selectAll()
      .where('id', '=', intentIdOf(secret))
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      order_id: orderId,
      amount_cents: 1_250_000,
      amount_received: 1_250_000,
      currency: 'usd',
      status: 'succeeded',
      card_last4: '4242',
      last_error_code: null,
      last_error_message: null,
    });
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');
  });

  it('answers 404 for an unknown or altered client secret and 400 for a malformed body', async () => {
    const orderId = await placeOrder(t.app, alice, productId);
    const secret = await clientSecretFor(t.app, alice, orderId);
    const altered = secret.slice(0, -1) + (secret.endsWith('0') ? '1' : '0');
    for (const clientSecret of [altered, 'pi_000000000000000000000000_secret_00000000000000000000000000000000', 'x']) {
      const res = await confirm(t.app, clientSecret);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'resource_missing', message: 'No such payment_intent' } });
    }
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/confirm',
      payload: { clientSecret: secret, cardNumber: '4242424242424242', expMonth: 'twelve', expYear: 30, cvc: '1' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('validation_error');
    expect(await readOrder(t.app, alice, orderId)).toMatchObject({ paid: false });
  });
});
