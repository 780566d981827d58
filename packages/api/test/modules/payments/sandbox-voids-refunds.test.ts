// B2B §4 on the sandbox processor, both databases: an order's open intent voided before a cancel or delete (and a
// charge that got there first settling the order instead), a fresh intent for an order still pending, intents only for
// `pending` orders, and a paid order's refund made once however often it is asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxProcessor } from '../../../src/modules/payments/sandbox-processor.js';
import { databases } from '../../helpers/databases.js';
import { call, type SignedIn, type TestApp } from '../../helpers/test-app.js';
import { buildWorld } from '../../helpers/world.js';
import {
  chargedFor,
  clientSecretFor,
  confirm,
  intentIdOf,
  paymentOfIntent,
  placeOrder,
  readOrder,
  sandboxIntent,
  setStatus,
} from './payment-fixtures.js';

const TOTAL_CENTS = 1_250_000;
const CANCELED_CONFIRM =
  'You cannot confirm this PaymentIntent because it has a status of canceled. Only a PaymentIntent with one of the ' +
  'following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.';

describe.each(databases)('voids and refunds on the sandbox on %s', (kind) => {
  let t: TestApp;
  let alice: SignedIn;
  let productId: string;
  const pay = (orderId: string, transactionId: string) =>
    call(t.app, 'PATCH', `/api/orders/${orderId}`, alice, { transactionId });
  const statusOf = async (orderId: string) =>
    (await t.app.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status;

  beforeAll(async () => {
    ({
      t,
      people: { alice },
      products: { nvme: productId },
    } = await buildWorld(kind, {
      people: { alice: ['Alice Buyer', 'alice@example.com'] },
      products: { nvme: { name: 'Kestrel NVMe 1TB', price: 12.5, availableQuantity: 1_000_000 } },
    }));
  });
  afterAll(() => t.close());

  it('voids the open intent: it can no longer be confirmed and nothing is charged', async () => {
    const orderId = await placeOrder(t.app, alice, productId);
    const secret = await clientSecretFor(t.app, alice, orderId);
    expect(await t.app.payments.releaseIntent(orderId)).toBe('voided');
    expect(await sandboxIntent(t.app, intentIdOf(secret))).toMatchObject({ status: 'canceled', amount_received: 0 });
    expect(await paymentOfIntent(t.app, intentIdOf(secret))).toMatchObject({ status: 'canceled', refunded_at: null });

    const late = await confirm(t.app, secret);
    expect([late.statusCode, late.json()]).toEqual([
      400,
      { error: { code: 'payment_intent_unexpected_state', message: CANCELED_CONFIRM } },
    ]);
    expect(await chargedFor(t.app, orderId)).toEqual([]);
    expect(await readOrder(t.app, alice, orderId)).toMatchObject({ paid: false, transactionId: null });
    // Asking again finds nothing left to void.
    expect(await t.app.payments.releaseIntent(orderId)).toBe('voided');
  });

  it("answers 'none' for an order that never had an intent", async () => {
    const orderId = await placeOrder(t.app, alice, productId);
    expect(await t.app.payments.releaseIntent(orderId)).toBe('none');
    expect(await t.app.payments.releaseIntent('0123456789abcdef01234567')).toBe('none');
    expect(await chargedFor(t.app, orderId)).toEqual([]);
  });

  it("settles the order when the charge got there first, answering 'succeeded'", async () => {
    const orderId = await placeOrder(t.app, alice, productId);
    const secret = await clientSecretFor(t.app, alice, orderId);
    expect((await confirm(t.app, secret)).json().status).toBe('succeeded');
    // The page never reported back: the void finds the charge and the order becomes paid and confirmed.
    expect(await t.app.payments.releaseIntent(orderId)).toBe('succeeded');
    expect(await readOrder(t.app, alice, orderId)).toMatchObject({ paid: true, transactionId: intentIdOf(secret) });
    expect(await statusOf(orderId)).toBe('confirmed');
    expect(await paymentOfIntent(t.app, intentIdOf(secret))).toMatchObject({ status: 'succeeded', refunded_at: null });
    expect(await t.app.payments.releaseIntent(orderId)).toBe('succeeded');
    expect(await chargedFor(t.app, orderId)).toEqual([TOTAL_CENTS]);
  });

  it('lets exactly one of a void and a charge racing win, and the order agrees with it', async () => {
    const outcomes = new Set<string>();
    for (let round = 0; round < 6; round += 1) {
      const orderId = await placeOrder(t.app, alice, productId);
      const secret = await clientSecretFor(t.app, alice, orderId);
      const [charge, release] = await Promise.all([confirm(t.app, secret), t.app.payments.releaseIntent(orderId)]);
      const order = await readOrder(t.app, alice, orderId);
      if (charge.statusCode === 200) {
        expect(release).toBe('succeeded');
        expect(order).toMatchObject({ paid: true, transactionId: intentIdOf(secret) });
        expect(await chargedFor(t.app, orderId)).toEqual([TOTAL_CENTS]);
      } else {
        expect([charge.statusCode, release]).toEqual([400, 'voided']);
        expect(order).toMatchObject({ paid: false });
        expect(await chargedFor(t.app, orderId)).toEqual([]);
      }
      outcomes.add(release);
    }
    expect([...outcomes].every((o) => o === 'succeeded' || o === 'voided')).toBe(true);
  });

  it('opens a fresh intent for an order still pending after its intent was voided', async () => {
    const orderId = await placeOrder(t.app, alice, productId);
    const first = await clientSecretFor(t.app, alice, orderId);
    expect(await t.app.payments.releaseIntent(orderId)).toBe('voided');
    const second = await clientSecretFor(t.app, alice, orderId);
    expect(intentIdOf(second)).not.toBe(intentIdOf(first));
    expect(await clientSecretFor(t.app, alice, orderId)).toBe(second);
    expect((await sandboxIntent(t.app, intentIdOf(second))).idempotency_key).toBe(
      `kestrel-order-${orderId}-amount-${TOTAL_CENTS}-attempt-2`,
    );
    expect((await confirm(t.app, second)).json().status).toBe('succeeded');
    const paid = await pay(orderId, intentIdOf(second));
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ paid: true, transactionId: intentIdOf(second) });
  });

  it('opens an intent only for a pending order (409 order_not_payable)', async () => {
    for (const status of ['cancelled', 'expired'] as const) {
      const orderId = await placeOrder(t.app, alice, productId);
      await setStatus(t.app, orderId, status);
      const res = await call(t.app, 'POST', '/api/create-payment-intent', alice, { orderId });
      expect([res.statusCode, res.json()]).toEqual([
        409,
        { error: { code: 'order_not_payable', message: 'This order can no longer be paid' } },
      ]);
      const intents = await t.app.db
        .selectFrom('sandbox_intents')
        .select('id')
        .where('order_id', '=', orderId)
        .execute();
      expect(intents).toEqual([]);
    }
  });

  it('voids the open intent of an order that expired when its page asks again', async () => {
    const orderId = await placeOrder(t.app, alice, productId);
    const secret = await clientSecretFor(t.app, alice, orderId);
    await setStatus(t.app, orderId, 'expired');
    const res = await call(t.app, 'POST', '/api/create-payment-intent', alice, { orderId });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('order_not_payable');
    expect((await sandboxIntent(t.app, intentIdOf(secret))).status).toBe('canceled');
    expect((await confirm(t.app, secret)).statusCode).toBe(400);
  });

  it('refunds a paid order once, even when asked twice at the same time', async () => {
    const orderId = await placeOrder(t.app, alice, productId);
    const secret = await clientSecretFor(t.app, alice, orderId);
    await confirm(t.app, secret);
    expect((await pay(orderId, intentIdOf(secret))).statusCode).toBe(200);

    await Promise.all([t.app.payments.refundOrder(orderId), t.app.payments.refundOrder(orderId)]);
    const book = await sandboxIntent(t.app, intentIdOf(secret));
    expect(book).toMatchObject({ status: 'succeeded', amount_received: TOTAL_CENTS, amount_refunded: TOTAL_CENTS });
    expect(book.refund_id).toMatch(/^re_[0-9a-f]{24}$/);
    const record = await paymentOfIntent(t.app, intentIdOf(secret));
    expect(record).toMatchObject({ status: 'succeeded', refund_id: book.refund_id });
    expect(record?.refunded_at).toEqual(expect.any(String));

    await t.app.payments.refundOrder(orderId);
    expect(await paymentOfIntent(t.app, intentIdOf(secret))).toEqual(record);
    expect(await sandboxIntent(t.app, intentIdOf(secret))).toEqual(book);
  });

  it('has nothing to refund for an unpaid order, and 404 for an unknown one', async () => {
    const orderId = await placeOrder(t.app, alice, productId);
    const secret = await clientSecretFor(t.app, alice, orderId);
    await t.app.payments.refundOrder(orderId);
    expect(await paymentOfIntent(t.app, intentIdOf(secret))).toMatchObject({ refund_id: null, refunded_at: null });
    await expect(t.app.payments.refundOrder('0123456789abcdef01234567')).rejects.toMatchObject({
      statusCode: 404,
      code: 'not_found',
    });
  });

  it('refunds only a charged intent, never more than was charged, and the same refund when asked again', async () => {
    const processor = new SandboxProcessor(t.app.db);
    const orderId = await placeOrder(t.app, alice, productId);
    const intent = await processor.createIntent({ orderId, amountCents: 5000 });
    await expect(processor.refund(intent.id, 5000)).rejects.toMatchObject({
      statusCode: 400,
      code: 'payment_intent_unexpected_state',
      message: 'This PaymentIntent does not have a successful charge to refund.',
    });
    await confirm(t.app, intent.clientSecret ?? '');
    await expect(processor.refund(intent.id, 5001)).rejects.toMatchObject({
      statusCode: 400,
      code: 'amount_too_large',
    });
    const refund = await processor.refund(intent.id, 5000);
    expect(await processor.refund(intent.id, 5000)).toEqual(refund);
    expect(await sandboxIntent(t.app, intent.id)).toMatchObject({ amount_refunded: 5000, refund_id: refund.id });
    await expect(processor.refund('pi_000000000000000000000000', 1)).rejects.toMatchObject({ statusCode: 404 });
    await expect(processor.cancelIntent('pi_000000000000000000000000')).rejects.toMatchObject({ statusCode: 404 });
  });
});
