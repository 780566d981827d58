// Issue 47 (B2B §4) on both databases, with the sandbox processor: a buyer who opened a card payment and then lost
// the right to pay (demoted to viewer, or removed from the company) still completes the charge at the card step. The
// shop refuses to record it as the order's payment, refunds it at once through the provider, records the refund, and
// mails the payer why; the order stays unpaid. The same holds when the expiry job finds the charge.
import type { Order } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call } from '../../helpers/test-app.js';
import { createCompanyWorld, placed, type CompanyWorld } from '../orders/company-ordering/fixtures.js';
import { clientSecretFor, confirm, intentIdOf, paymentOfIntent, sandboxIntent } from './payment-fixtures.js';

const VIEWER = 'Your company role is viewer: you can read its orders but not order, pay or cancel';
const REMOVED = "You are no longer a member of this order's company: you cannot pay it";

describe.each(databases)('a payer who lost the right to pay on %s', (kind) => {
  let w: CompanyWorld;
  beforeAll(async () => {
    w = await createCompanyWorld(kind, { paymentTerms: 'card', creditLimitCents: null });
  });
  afterAll(() => w.t.close());

  async function refundMails(orderId: string) {
    return w.t.app.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'content'])
      .where('kind', '=', 'payment-refunded')
      .where('content', 'like', `%${orderId}%`)
      .execute();
  }

  async function orderRow(id: string) {
    return w.t.app.db
      .selectFrom('orders')
      .select(['status', 'paid_at', 'transaction_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  it('refunds a charge completed after the buyer was demoted to viewer, and mails them why', async () => {
    const order = await placed(w, w.free, 5); // $50.00, pending
    const secret = await clientSecretFor(w.t.app, w.free, order._id);
    const demote = await call(w.t.app, 'PATCH', `/api/companies/mine/members/${w.free.id}`, w.owner, {
      role: 'viewer',
    });
    expect(demote.statusCode).toBe(200);
    expect((await confirm(w.t.app, secret)).json().status).toBe('succeeded');
    const intentId = intentIdOf(secret);

    const pay = await call(w.t.app, 'PATCH', `/api/orders/${order._id}`, w.free, { transactionId: intentId });
    expect([pay.statusCode, pay.json().error.code, pay.json().error.message]).toEqual([
      403,
      'payer_refused',
      `${VIEWER}; your payment was refunded to your card`,
    ]);
    const book = await sandboxIntent(w.t.app, intentId);
    expect([book.status, Number(book.amount_received), Number(book.amount_refunded)]).toEqual([
      'succeeded',
      5000,
      5000,
    ]);
    const record = await paymentOfIntent(w.t.app, intentId);
    expect(record?.refund_id).toBe(book.refund_id);
    expect(typeof record?.refunded_at).toBe('string');
    expect(await orderRow(order._id)).toEqual({ status: 'pending', paid_at: null, transaction_id: null });
    const mails = await refundMails(order._id);
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([
      ['fay@example.com', `Order ${order.number} payment refunded`],
    ]);
    expect(JSON.parse(mails[0]?.content ?? '{}').data).toMatchObject({ refundedCents: 5000, reason: VIEWER });

    // Reporting it again refunds nothing more and mails nothing more.
    const again = await call(w.t.app, 'PATCH', `/api/orders/${order._id}`, w.free, { transactionId: intentId });
    expect(again.statusCode).toBe(403);
    expect(Number((await sandboxIntent(w.t.app, intentId)).amount_refunded)).toBe(5000);
    expect(await refundMails(order._id)).toHaveLength(1);
  });

  it('refunds a charge of a buyer removed from the company, found by the expiry job; the order expires unpaid', async () => {
    const order = await placed(w, w.limited, 3); // $30.00, within Lee's $100 limit: pending
    const secret = await clientSecretFor(w.t.app, w.limited, order._id);
    const remove = await call(w.t.app, 'DELETE', `/api/companies/mine/members/${w.limited.id}`, w.owner);
    expect(remove.statusCode).toBeLessThan(300);
    expect((await confirm(w.t.app, secret)).json().status).toBe('succeeded');
    const intentId = intentIdOf(secret);
    // A removed member may not start a payment of the company's order either.
    const intent = await call(w.t.app, 'POST', '/api/create-payment-intent', w.limited, { orderId: order._id });
    expect([intent.statusCode, intent.json().error.message]).toEqual([403, REMOVED]);

    await w.t.app.db
      .updateTable('orders')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('id', '=', order._id)
      .execute();
    const report = await w.t.app.orders.expireDue();
    expect(report.paid).toBe(0);
    expect(report.expired).toBeGreaterThanOrEqual(1);
    expect(await orderRow(order._id)).toEqual({ status: 'expired', paid_at: null, transaction_id: null });
    expect(Number((await sandboxIntent(w.t.app, intentId)).amount_refunded)).toBe(3000);
    expect(typeof (await paymentOfIntent(w.t.app, intentId))?.refunded_at).toBe('string');
    const mails = await refundMails(order._id);
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([
      ['lee@example.com', `Order ${order.number} payment refunded`],
    ]);
    expect(JSON.parse(mails[0]?.content ?? '{}').data).toMatchObject({ refundedCents: 3000, reason: REMOVED });
  });

  it('still records the charge of a buyer who may pay', async () => {
    const order = await placed(w, w.owner, 2);
    const secret = await clientSecretFor(w.t.app, w.owner, order._id);
    expect((await confirm(w.t.app, secret)).json().status).toBe('succeeded');
    const pay = await call(w.t.app, 'PATCH', `/api/orders/${order._id}`, w.owner, {
      transactionId: intentIdOf(secret),
    });
    expect([pay.statusCode, pay.json<Order>().paid, pay.json<Order>().status]).toEqual([200, true, 'confirmed']);
  });
});
