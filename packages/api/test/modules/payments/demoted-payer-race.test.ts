// Issue 47 (B2B §4) on both databases, under concurrency: a buyer's completed charge is reported while an owner demotes
// them to viewer at the same moment. Whichever commits first, the shop ends in exactly one of two whole states: the
// order paid with the charge kept (the payment came first), or the order unpaid with the charge refunded in full and
// the payer mailed once (the demotion came first). Never paid and refunded, never unpaid with the money kept.
import type { Order } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call } from '../../helpers/test-app.js';
import { createCompanyWorld, placed, type CompanyWorld } from '../orders/company-ordering/fixtures.js';
import { clientSecretFor, confirm, intentIdOf, paymentOfIntent, sandboxIntent } from './payment-fixtures.js';

/** Issue 47 asks each race 50 times; an unpaid round's order is cancelled after its checks, so the open-order limit
 * (MAX_OPEN_ORDERS, 20 by default) never stops the rounds. */
const ROUNDS = 50;

describe.each(databases)('a payment racing the payer’s demotion on %s', (kind) => {
  let w: CompanyWorld;
  beforeAll(async () => {
    w = await createCompanyWorld(kind, { paymentTerms: 'card', creditLimitCents: null });
  });
  afterAll(() => w.t.close());

  const setRole = (role: 'buyer' | 'viewer') =>
    call(w.t.app, 'PATCH', `/api/companies/mine/members/${w.free.id}`, w.owner, { role });

  it(`ends paid with the charge kept, or unpaid with it refunded, ${ROUNDS} times`, async () => {
    const seen = { paid: 0, refunded: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      expect((await setRole('buyer')).statusCode).toBe(200);
      const order = await placed(w, w.free, 2); // $20.00, pending
      const secret = await clientSecretFor(w.t.app, w.free, order._id);
      expect((await confirm(w.t.app, secret)).json().status).toBe('succeeded');
      const intentId = intentIdOf(secret);

      const [demote, pay] = await Promise.all([
        setRole('viewer'),
        call(w.t.app, 'PATCH', `/api/orders/${order._id}`, w.free, { transactionId: intentId }),
      ]);
      expect(demote.statusCode).toBe(200);
      const row = await w.t.app.db
        .selectFrom('orders')
        .select(['status', 'paid_at'])
        .where('id', '=', order._id)
        .executeTakeFirstOrThrow();
      const book = await sandboxIntent(w.t.app, intentId);
      const mails = await w.t.app.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('kind', '=', 'payment-refunded')
        .where('content', 'like', `%${order._id}%`)
        .execute();
      if (pay.statusCode === 200) {
        seen.paid += 1;
        expect([pay.json<Order>().paid, row.status, Number(book.amount_refunded), mails.length]).toEqual([
          true,
          'confirmed',
          0,
          0,
        ]);
      } else {
        seen.refunded += 1;
        const state = JSON.stringify({ body: pay.body, row, refunded: book.amount_refunded, mails: mails.length });
        expect([pay.statusCode, pay.json().error.code], state).toEqual([403, 'payer_refused']);
        expect([row.status, row.paid_at, Number(book.amount_refunded), mails.length]).toEqual([
          'pending',
          null,
          2000,
          1,
        ]);
        expect(typeof (await paymentOfIntent(w.t.app, intentId))?.refunded_at).toBe('string');
        const cancel = await call(w.t.app, 'POST', `/api/orders/${order._id}/cancel`, w.admin, {});
        expect(cancel.statusCode, cancel.body).toBe(200);
      }
    }
    expect(seen.paid + seen.refunded).toBe(ROUNDS);
  });
});
