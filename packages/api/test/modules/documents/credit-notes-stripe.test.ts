// Credit notes with Stripe (B2B §11), both databases, the real SDK against the local stand-in: an admin's cancel of an
// order paid through Stripe refunds it at Stripe once and issues one credit note.
import type { Order } from '@kestrel/shared';
import { describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { ADMIN, call, logIn } from '../../helpers/test-app.js';
import { useStripeScene } from '../payments/stripe-test-app.js';

const year = new Date().getUTCFullYear();

describe.each(databases)('credit notes with Stripe on %s', (kind) => {
  const s = useStripeScene(kind, { availableQuantity: 1_000_000 });

  it('refunds the Stripe payment once and issues CN-{year}-000001 once', async () => {
    const { orderId, intent } = await s.orderWithIntent();
    s.standIn.succeed(intent.id);
    const paid = await call(s.t.app, 'PATCH', `/api/orders/${orderId}`, s.alice, { transactionId: intent.id });
    expect(paid.statusCode).toBe(200);
    const admin = await logIn(s.t.app, ADMIN.email, ADMIN.password);
    const cancels = await Promise.all(
      [1, 2].map(() => call(s.t.app, 'POST', `/api/orders/${orderId}/cancel`, admin, { reason: 'Out of budget' })),
    );
    expect(cancels.map((c) => c.statusCode).sort()).toEqual([200, 409]);
    const order: Order = (await call(s.t.app, 'GET', `/api/orders/${orderId}`, s.alice)).json();
    expect([order.status, order.refunded, order.creditNoteNumber]).toEqual(['cancelled', true, `CN-${year}-000001`]);
    expect(s.standIn.refunds.filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
    const pdf = await call(s.t.app, 'GET', `/api/orders/${orderId}/credit-note.pdf`, s.alice);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="CN-${year}-000001.pdf"`);
  });
});
