// Issue 47 on both databases: checkout warns (never refuses) when a PO number was used before by the buyer or their
// company, in any case, on an order that went ahead; a bad PO number is a 400 naming the field; other companies'
// orders and ended orders do not count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../../helpers/databases.js';
import { call } from '../../../helpers/test-app.js';
import { createCompanyWorld, placed, type CompanyWorld } from './fixtures.js';

describe.each(databases)('the PO-number check on %s', (kind) => {
  let w: CompanyWorld;
  beforeAll(async () => {
    w = await createCompanyWorld(kind, { paymentTerms: 'card', creditLimitCents: null });
  });
  afterAll(() => w.t.close());

  const check = (who: Parameters<typeof call>[3], po: string) =>
    call(w.t.app, 'GET', `/api/orders/po-number-check?poNumber=${encodeURIComponent(po)}`, who);

  it('names the orders of the company that used it, newest first, and warns without refusing', async () => {
    expect((await check(w.free, 'PO-4711')).json()).toEqual({ poNumber: 'PO-4711', usedBy: [], warning: null });
    const first = await placed(w, w.free, 1, { poNumber: 'PO-4711' });
    const second = await placed(w, w.owner, 1, { poNumber: 'po-4711' });
    const cancelled = await placed(w, w.owner, 1, { poNumber: 'PO-4711' });
    expect((await call(w.t.app, 'POST', `/api/orders/${cancelled._id}/cancel`, w.owner)).statusCode).toBe(200);
    await placed(w, w.outsider, 1, { poNumber: 'PO-4711' }); // another customer's: not counted

    for (const who of [w.free, w.limited, w.viewer]) {
      const res = await check(who, ' PO-4711 ');
      expect([res.statusCode, res.json()]).toEqual([
        200,
        {
          poNumber: 'PO-4711',
          usedBy: [
            { _id: second._id, number: second.number, createdAt: second.createdAt },
            { _id: first._id, number: first.number, createdAt: first.createdAt },
          ],
          warning: `PO number PO-4711 was already used on orders ${second.number}, ${first.number}. You can still place this order with it.`,
        },
      ]);
    }
    // The outsider sees their own order only.
    const theirs = await check(w.outsider, 'PO-4711');
    expect(theirs.json().usedBy).toHaveLength(1);
    // Still placed with it: a warning, not a rule.
    expect((await placed(w, w.free, 1, { poNumber: 'PO-4711' })).poNumber).toBe('PO-4711');
  });

  it('refuses a bad PO number with a 400 naming the field, and asks for a sign-in', async () => {
    const long = await check(w.free, 'P'.repeat(36));
    expect([long.statusCode, long.json().error.message]).toEqual([
      400,
      'poNumber must be at most 35 printable characters',
    ]);
    const missing = await call(w.t.app, 'GET', '/api/orders/po-number-check', w.free);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/poNumber/);
    expect((await call(w.t.app, 'GET', '/api/orders/po-number-check?poNumber=X')).statusCode).toBe(401);
  });
});
