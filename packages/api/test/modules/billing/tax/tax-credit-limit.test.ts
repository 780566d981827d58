// B2B §13: the credit limit counts the total with tax, on both databases. $10 CPUs at 5% on account with a $100.00
// limit: nine owe $94.50 (without tax $90.00, and a tenth would fit exactly); the tenth is $10.50 and is refused.
import type { Order } from '@kestrel/shared';
import { creditLimitExceededMessage } from '@kestrel/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCompanyWorld, order, placed, type CompanyWorld } from '../../orders/company-ordering/fixtures.js';
import { databases } from '../../../helpers/databases.js';
import { call } from '../../../helpers/test-app.js';

describe.each(databases)('the credit limit counts tax (%s)', (kind) => {
  let w: CompanyWorld;
  beforeEach(async () => {
    w = await createCompanyWorld(kind, { paymentTerms: 'net30', creditLimitCents: 10_000 });
    const rates = await call(w.t.app, 'PUT', '/api/admin/tax-rates', w.admin, {
      rates: [{ country: 'US', rate: 5, name: 'Sales tax' }],
    });
    expect(rates.statusCode, rates.body).toBe(200);
  });
  afterEach(async () => w.t.close());

  it('refuses the order whose tax takes the balance past the limit, and owes exactly the totals it took', async () => {
    const first: Order = await placed(w, w.free, 9, { paymentTerms: 'account' });
    expect([first.status, first.subtotal, first.taxTotal, first.price]).toEqual(['confirmed', 90, 4.5, 94.5]);
    const refused = await order(w, w.free, 1, { paymentTerms: 'account' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: { code: 'credit_limit_exceeded', message: creditLimitExceededMessage(550, 1050) },
    });
    const account = await call(w.t.app, 'GET', '/api/company/account', w.owner);
    expect(account.json()).toMatchObject({ balance: 94.5 });
    // Nothing of the refused order was written: the buyer holds the one order.
    const rows = await w.t.app.db.selectFrom('orders').select('total_cents').where('user_id', '=', w.free.id).execute();
    expect(rows.map((r) => Number(r.total_cents))).toEqual([9450]);
  });
});
