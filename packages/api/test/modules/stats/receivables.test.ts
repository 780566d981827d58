// The receivables beside the admin's figures (#47, B2B §5, §8) on both databases: what companies owe on account now,
// open and overdue, in dollars to the cent with how many orders and companies, whatever the range asked. Which orders
// count is the companies module's open balance: the same total as the admin's company list, awaiting approval
// included; paid, cancelled and card orders left out; due today is not overdue, due yesterday is.
import { adminStatsSchema } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyWorld, placed, type CompanyWorld } from '../orders/company-ordering/fixtures.js';
import { databases } from '../../helpers/databases.js';
import { addProduct, call, signUp, type SignedIn } from '../../helpers/test-app.js';

const account = { paymentTerms: 'account' };
const AT = '2026-01-01T00:00:00.000Z';
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const nothing = { total: 0, orders: 0, companies: 0 };

describe.each(databases)('receivables in the admin stats on %s', (kind) => {
  let w: CompanyWorld;
  let beta: SignedIn;
  let screw: string;

  const receivables = async (query = '') => {
    const res = await call(w.t.app, 'GET', `/api/admin/stats${query}`, w.admin);
    expect(res.statusCode, res.body).toBe(200);
    return adminStatsSchema.parse(res.json()).receivables;
  };
  const dueOn = (id: string, day: string) =>
    w.t.app.db.updateTable('orders').set({ due_date: day }).where('id', '=', id).execute();

  beforeAll(async () => {
    // Acme Parts: net 30 without a limit; its buyers are w.free and w.limited ($100 spending limit).
    w = await createCompanyWorld(kind, { paymentTerms: 'net30', creditLimitCents: null });
    // $0.07 a screw: 103 are $7.21, a sum a float of dollars gets wrong and whole cents do not.
    screw = await addProduct(w.t.app, w.admin, { name: 'Screw', price: 0.07, quantity: 1, availableQuantity: 10_000 });
    beta = await signUp(w.t.app, 'Bert Beta', 'bert@example.com');
    await w.t.app.db
      .insertInto('companies')
      .values({
        id: 'bbbbbbbbbbbbbbbbbbbbbbb2',
        name: 'Beta Bolts',
        billing_address: '2 Quay',
        payment_terms: 'net15',
        credit_limit_cents: null,
        created_at: AT,
        updated_at: AT,
      })
      .execute();
    await w.t.app.db
      .insertInto('company_members')
      .values({
        user_id: beta.id,
        company_id: 'bbbbbbbbbbbbbbbbbbbbbbb2',
        role: 'owner',
        spending_limit_cents: null,
        joined_at: AT,
      })
      .execute();
    // The SQLite reader process starts on the first read, slow on a loaded machine: begin once it answers.
    w.t.app.database.reader?.warm();
    for (let i = 0; i < 120; i++) {
      if ((await call(w.t.app, 'GET', '/api/admin/stats', w.admin)).statusCode === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, 180_000);
  afterAll(() => w.t.close());

  it('answers nothing owed while no order is on account', async () => {
    await placed(w, w.free, 3); // a card order, unpaid: not on account
    expect(await receivables()).toEqual({ asOf: dayOf(Date.now()), open: nothing, overdue: nothing });
  });

  it('sums the open on-account balance across companies and the part of it that is overdue, to the cent', async () => {
    const today = dayOf(Date.now());
    const yesterday = dayOf(Date.now() - 86_400_000);
    const dueToday = await placed(w, w.free, 30, account); // $300.00
    const late = await placed(w, w.free, 50, account); // $500.00
    const paid = await placed(w, w.free, 20, account); // $200.00, then marked paid
    const cancelled = await placed(w, w.free, 40, account); // $400.00, then cancelled
    const waiting = await placed(w, w.limited, 20, account); // $200.00 above the $100 limit: awaiting approval
    expect(waiting.status).toBe('awaiting_approval');
    const betaLate = await placed(w, beta, 103, { ...account, lines: [{ productId: screw, quantity: 103 }] }); // $7.21
    expect(betaLate.price).toBe(7.21);
    const markPaid = await call(w.t.app, 'POST', `/api/orders/${paid._id}/mark-paid`, w.admin, { reference: 'TR-9' });
    expect(markPaid.statusCode, markPaid.body).toBe(200);
    const cancel = await call(w.t.app, 'POST', `/api/orders/${cancelled._id}/cancel`, w.admin, { reason: 'Asked' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await dueOn(dueToday._id, today);
    await dueOn(late._id, yesterday);
    await dueOn(betaLate._id, yesterday);

    const owed = await receivables();
    expect(owed).toEqual({
      asOf: today,
      // 300 + 500 + 200 (awaiting approval) + 7.21, of Acme and Beta.
      open: { total: 1007.21, orders: 4, companies: 2 },
      // Due before today: 500 (Acme) + 7.21 (Beta); the one due today is not overdue yet.
      overdue: { total: 507.21, orders: 2, companies: 2 },
    });
    // Not a figure of the range: the same for a day long ago.
    expect(await receivables('?from=2000-01-01&to=2000-01-01')).toEqual(owed);
    // The companies module's one open balance: the admin's company list sums the same orders.
    const listed = (await call(w.t.app, 'GET', '/api/admin/companies', w.admin)).json<Array<{ balance: number }>>();
    expect(Math.round(listed.reduce((sum, c) => sum + c.balance * 100, 0)) / 100).toBe(1007.21);
  });

  it('leaves an order once it is paid, and a company once it owes nothing', async () => {
    const [betaOrder] = await w.t.app.db
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', 'bbbbbbbbbbbbbbbbbbbbbbb2')
      .execute();
    if (!betaOrder) throw new Error('the last test left no order of Beta Bolts');
    const res = await call(w.t.app, 'POST', `/api/orders/${betaOrder.id}/mark-paid`, w.admin, { reference: 'TR-10' });
    expect(res.statusCode, res.body).toBe(200);
    const owed = await receivables();
    expect([owed.open, owed.overdue]).toEqual([
      { total: 1000, orders: 3, companies: 1 },
      { total: 500, orders: 1, companies: 1 },
    ]);
  });
});
