// Issue 47, on both databases: a buyer's accept racing the shop's replacing offer. The accept claims the quote and
// reads its prices in one transaction (B2B §10), so whichever wins, the order charges exactly the prices the accepted
// quote shows: before the fix PostgreSQL placed 49 of 90 such orders at the replaced offer's prices (the quote read
// $1.00 a unit, its order charged $0.10). Run 50 times.
import type { Order, Quote } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call } from '../../helpers/test-app.js';
import { createQuoteWorld, DAY, offerQuote, requestQuote, where, type QuoteWorld } from './quote-fixtures.js';

describe.each(databases)('an accept racing a replacing offer on %s', (kind) => {
  let w: QuoteWorld;
  beforeAll(async () => {
    // On account (net 30): confirmed orders hold no open-order slot, so 50 accepts fit the open-order limit.
    w = await createQuoteWorld(kind, { paymentTerms: 'net30', creditLimitCents: null });
  });
  afterAll(() => w.t.close());

  it('charges the accepted offer’s prices, 50 runs out of 50', async () => {
    const outcomes = new Map<string, number>();
    for (let run = 0; run < 50; run++) {
      const quote = await offerQuote(w, await requestQuote(w, w.free, [{ productId: w.cpu, quantity: 40 }]), 1);
      const [accepted, replaced] = await Promise.all([
        call(w.t.app, 'POST', `/api/quotes/${quote._id}/accept`, w.free, { ...where, paymentTerms: 'account' }),
        call(w.t.app, 'POST', `/api/quotes/${quote._id}/offer`, w.admin, {
          lines: [{ productId: w.cpu, unitPrice: 0.1 }],
          validUntil: new Date(w.clock.now() + 5 * DAY).toISOString(),
        }),
      ]);
      const read: Quote = (await call(w.t.app, 'GET', `/api/quotes/${quote._id}`, w.free)).json();
      const orders = await w.t.app.db.selectFrom('orders').select('id').where('quote_id', '=', quote._id).execute();
      const outcome = `${accepted.statusCode} ${accepted.json<{ error?: { code: string } }>().error?.code ?? ''}`;
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      if (accepted.statusCode === 200) {
        // Accepted: the order's unit prices are the quote's, cent for cent, and the replacing offer was refused, or
        // came first and is what was accepted.
        expect(read.status).toBe('accepted');
        expect(orders.map((o) => o.id)).toEqual([read.orderId]);
        const order: Order = (await call(w.t.app, 'GET', `/api/orders/${read.orderId}`, w.free)).json();
        expect(order.lines.map((l) => [l.quantity, l.unitPrice])).toEqual(
          read.lines.map((l) => [l.quantity, l.unitPrice]),
        );
        expect(order.price).toBe(read.offeredTotal);
        const lineRows = await w.t.app.db
          .selectFrom('order_lines')
          .select('unit_price_cents')
          .where('order_id', '=', order._id)
          .execute();
        const quoteCents = read.lines.map((l) => Math.round((l.unitPrice ?? 0) * 100));
        expect(lineRows.map((l) => Number(l.unit_price_cents))).toEqual(quoteCents);
        if (replaced.statusCode === 200) expect(read.lines[0]?.unitPrice).toBe(0.1);
        else expect([replaced.statusCode, read.lines[0]?.unitPrice]).toEqual([409, 1]);
      } else {
        // The replacing offer committed between the accept's first read and its claim: refused, nothing placed, the
        // new offer stands for the buyer to read.
        expect([accepted.statusCode, accepted.json().error]).toEqual([
          409,
          {
            code: 'offer_changed',
            message: 'This offer was replaced while you accepted it: read the new offer and accept again',
          },
        ]);
        expect([replaced.statusCode, read.status, read.orderId, read.lines[0]?.unitPrice]).toEqual([
          200,
          'offered',
          null,
          0.1,
        ]);
        expect(orders).toEqual([]);
      }
    }
    // Every run ended in one of the two outcomes above (the loop would have failed otherwise).
    expect([...outcomes.keys()].every((o) => o === '200 ' || o === '409 offer_changed')).toBe(true);
  });
});
