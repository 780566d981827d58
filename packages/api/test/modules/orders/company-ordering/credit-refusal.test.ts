// Issue 47 on both databases: "credit limit exceeded" says what credit is left and what the order costs, in dollars,
// and how out (pay by card), at placement and when an owner's approval runs the credit check again; nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../../helpers/databases.js';
import { call } from '../../../helpers/test-app.js';
import { createCompanyWorld, order, placed, stockOf, type CompanyWorld } from './fixtures.js';

const refusal = (available: string, total: string) =>
  `credit limit exceeded: your company has ${available} of credit available and this order is ${total}. Pay by card instead, or pay open invoices first.`;
const account = { paymentTerms: 'account' };

describe.each(databases)('the credit refusal on %s', (kind) => {
  let w: CompanyWorld;
  beforeAll(async () => {
    w = await createCompanyWorld(kind, { paymentTerms: 'net30', creditLimitCents: 100_000 });
  });
  afterAll(() => w.t.close());

  it('names the available credit and the total at placement, and the card still places the order', async () => {
    const waiting = await placed(w, w.limited, 50, account); // $500 over Lee's $100 limit: awaits approval, holds credit
    expect(waiting.status).toBe('awaiting_approval');
    const stock = await stockOf(w);
    const over = await order(w, w.free, 60, account); // $600 > $1,000 - $500
    expect([over.statusCode, over.json()]).toEqual([
      409,
      { error: { code: 'credit_limit_exceeded', message: refusal('$500.00', '$600.00') } },
    ]);
    expect(await stockOf(w)).toBe(stock);
    const big = await order(w, w.free, 1_234, account); // $12,340: thousands written with a comma
    expect(big.json().error.message).toBe(refusal('$500.00', '$12,340.00'));
    const byCard = await order(w, w.free, 60);
    expect([byCard.statusCode, byCard.json().order.status]).toEqual([201, 'pending']);

    // The approval's check: the limit lowered to $400 since; the order's own $500 is not counted against itself.
    const lowered = await call(w.t.app, 'PATCH', `/api/admin/companies/${w.companyId}`, w.admin, {
      paymentTerms: 'net30',
      creditLimit: 400,
    });
    expect(lowered.statusCode).toBe(200);
    const approve = await call(w.t.app, 'POST', `/api/orders/${waiting._id}/approve`, w.owner);
    expect([approve.statusCode, approve.json().error.message]).toEqual([409, refusal('$400.00', '$500.00')]);
    const row = await w.t.app.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', waiting._id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('awaiting_approval');
  });
});
