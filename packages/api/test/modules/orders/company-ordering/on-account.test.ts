// Issue #25 on both databases: payment on account. A net-terms company's order is confirmed at once, unpaid, due N
// days later with its invoice number; the open balance plus the order stays within the credit limit (also for ten
// orders at once: the company row's lock); an overdue order stops new on-account orders; card terms and users
// without a company are refused; mark-paid settles the balance; an order above the buyer's limit waits for approval.
import type { CompanyAccount, Order } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../../helpers/databases.js';
import { addProduct, call, signUp } from '../../../helpers/test-app.js';
import {
  createCompanyWorld,
  eventsOf,
  mailsOf,
  openOrdersOf,
  order,
  placed,
  stockOf,
  where,
  type CompanyWorld,
} from './fixtures.js';

const account = { paymentTerms: 'account' };
const dayPlus = (iso: string, days: number) => {
  const d = new Date(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

describe.each(databases)('payment on account on %s', (kind) => {
  let w: CompanyWorld;
  beforeAll(async () => {
    w = await createCompanyWorld(kind, { paymentTerms: 'net30', creditLimitCents: 100_000 }); // $1,000
  });
  afterAll(() => w.t.close());

  const balance = async () => (await call(w.t.app, 'GET', '/api/company/account', w.free)).json<CompanyAccount>();
  const markPaid = (id: string) => call(w.t.app, 'POST', `/api/orders/${id}/mark-paid`, w.admin, { reference: 'TR-1' });

  it('confirms at once, unpaid, due 30 days later, with an invoice number, mail and event; not counted as open', async () => {
    const open = await openOrdersOf(w, w.free);
    const stock = await stockOf(w);
    const o = await placed(w, w.free, 30, account); // $300
    expect([o.status, o.paid, o.paymentTerms, o.companyId, o.expiresAt]).toEqual([
      'confirmed',
      false,
      'account',
      w.companyId,
      null,
    ]);
    expect(o.dueDate).toBe(dayPlus(o.createdAt, 30));
    expect(o.invoiceNumber).toBe(`INV-${new Date(o.createdAt).getUTCFullYear()}-000001`);
    expect(await openOrdersOf(w, w.free)).toBe(open);
    expect(await stockOf(w)).toBe(stock - 30);
    const mails = await mailsOf(w, o._id);
    expect(mails.map((m) => [m.kind, m.to_address])).toEqual([['order-placed', 'fay@example.com']]);
    expect(await eventsOf(w, o._id)).toEqual(['order.created']);
    const pdf = await call(w.t.app, 'GET', `/api/orders/${o._id}/invoice.pdf`, w.free);
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    const mine = await balance();
    expect([mine.paymentTerms, mine.creditLimit, mine.balance, mine.available, mine.overdueCount]).toEqual([
      'net30',
      1000,
      300,
      700,
      0,
    ]);
    expect(mine.openOrders.map((a) => [a._id, a.amount, a.dueDate, a.overdue])).toEqual([
      [o._id, 300, o.dueDate, false],
    ]);
  });

  it('refuses an order past the credit limit (409, nothing written); mark-paid settles and frees the credit', async () => {
    const stock = await stockOf(w);
    const over = await order(w, w.free, 71, account); // 300 + 710 > 1000
    expect([over.statusCode, over.json().error.code, over.json().error.message]).toEqual([
      409,
      'credit_limit_exceeded',
      'credit limit exceeded: your company has $700.00 of credit available and this order is $710.00. Pay by card instead, or pay open invoices first.',
    ]);
    expect(await stockOf(w)).toBe(stock);
    const fits = await placed(w, w.free, 70, account); // exactly 1000
    expect(fits.status).toBe('confirmed');
    expect((await balance()).balance).toBe(1000);
    expect((await order(w, w.free, 1, account)).statusCode).toBe(409);
    // Card orders are not on account: they pass whatever the balance.
    expect((await order(w, w.free, 1)).statusCode).toBe(201);
    const paid = await markPaid(fits._id);
    expect([paid.statusCode, paid.json().paid]).toEqual([200, true]);
    expect((await balance()).balance).toBe(300);
    const admin = await call(w.t.app, 'GET', `/api/admin/companies/${w.companyId}/balance`, w.admin);
    expect([admin.statusCode, admin.json().balance]).toEqual([200, 300]);
    // The admin's list groups every company's balance in one read: the same figure.
    const listed = (await call(w.t.app, 'GET', '/api/admin/companies', w.admin)).json() as Array<{ _id: string }>;
    expect(listed.find((c) => c._id === w.companyId)).toMatchObject({ balance: 300 });
    expect((await call(w.t.app, 'GET', `/api/admin/companies/${w.companyId}/balance`, w.owner)).statusCode).toBe(403);
    expect((await call(w.t.app, 'GET', '/api/company/account', w.outsider)).statusCode).toBe(404);
    expect((await call(w.t.app, 'GET', '/api/company/account', w.viewer)).statusCode).toBe(200);
  });

  it('places no on-account order while one is overdue (409), and shows it overdue to the company and the admin', async () => {
    const [first] = (await balance()).openOrders;
    if (!first) throw new Error('an open order is expected');
    await w.t.app.db.updateTable('orders').set({ due_date: '2026-01-01' }).where('id', '=', first._id).execute();
    const res = await order(w, w.free, 1, account);
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'account_overdue']);
    expect(res.json().error.message).toContain('overdue');
    const admin = (
      await call(w.t.app, 'GET', `/api/admin/companies/${w.companyId}/balance`, w.admin)
    ).json<CompanyAccount>();
    expect([admin.overdueCount, admin.overdueAmount, admin.openOrders[0]?.overdue]).toEqual([1, 300, true]);
    expect((await markPaid(first._id)).statusCode).toBe(200);
    expect((await order(w, w.free, 1, account)).statusCode).toBe(201);
  });

  it('sends an on-account order above the buyer limit to approval, then confirms it with the credit check again', async () => {
    const before = (await balance()).balance;
    const big = await placed(w, w.limited, 20, account); // $200 > $100 limit
    expect([big.status, big.paymentTerms, big.dueDate, big.invoiceNumber]).toEqual([
      'awaiting_approval',
      'account',
      null,
      null,
    ]);
    // It holds its credit while it waits.
    expect((await balance()).balance).toBe(before + 200);
    const approved = await call(w.t.app, 'POST', `/api/orders/${big._id}/approve`, w.owner);
    expect(approved.statusCode).toBe(200);
    const o: Order = approved.json();
    expect([o.status, o.paid, o.invoiceNumber === null]).toEqual(['confirmed', false, false]);
    expect(o.dueDate).toBe(dayPlus(o.updatedAt, 30));
    expect(o.statusHistory.map((s) => s.status)).toEqual(['awaiting_approval', 'confirmed']);
    expect(await eventsOf(w, big._id)).toEqual(['order.created', 'order.approved']);

    // At approval an overdue order blocks it: 409 and it stays awaiting.
    const waiting = await placed(w, w.limited, 15, account);
    const [oldest] = (await balance()).openOrders;
    if (!oldest) throw new Error('an open order is expected');
    await w.t.app.db.updateTable('orders').set({ due_date: '2026-01-01' }).where('id', '=', oldest._id).execute();
    const refused = await call(w.t.app, 'POST', `/api/orders/${waiting._id}/approve`, w.owner);
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'account_overdue']);
    const row = await w.t.app.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', waiting._id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('awaiting_approval');
    // Settle everything for the tests after this one.
    for (const a of (await balance()).openOrders) {
      if (a.status === 'awaiting_approval')
        await call(w.t.app, 'POST', `/api/orders/${a._id}/reject`, w.owner, { reason: 'x' });
      else expect((await markPaid(a._id)).statusCode).toBe(200);
    }
    expect((await balance()).balance).toBe(0);
  });

  it('refuses to approve an on-account order once the company pays by card, and gives it no due date or invoice', async () => {
    const big = await placed(w, w.limited, 20, account); // $200 > $100 limit: awaiting approval
    const terms = (paymentTerms: 'card' | 'net30') =>
      w.t.app.db.updateTable('companies').set({ payment_terms: paymentTerms }).where('id', '=', w.companyId).execute();
    await terms('card');
    try {
      const refused = await call(w.t.app, 'POST', `/api/orders/${big._id}/approve`, w.owner);
      expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'no_account_terms']);
      const row = await w.t.app.db
        .selectFrom('orders')
        .select(['status', 'due_date', 'invoice_number'])
        .where('id', '=', big._id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'awaiting_approval', due_date: null, invoice_number: null });
      expect(await eventsOf(w, big._id)).toEqual(['order.created']);
    } finally {
      await terms('net30');
    }
    // Back on net terms, billing gives it both at approval.
    const approved = (await call(w.t.app, 'POST', `/api/orders/${big._id}/approve`, w.owner)).json<Order>();
    expect([approved.status, approved.dueDate, approved.invoiceNumber === null]).toEqual([
      'confirmed',
      dayPlus(approved.updatedAt, 30),
      false,
    ]);
    expect((await markPaid(big._id)).statusCode).toBe(200);
  });

  it('ten on-account orders at once never pass the limit together: exactly three of $300 fit $1,000', async () => {
    // Ten people of the company, each ordering a product of their own, so neither a buyer's row lock nor a product's
    // serializes them: only the company's lock does (without it, this test places more than three on PostgreSQL).
    const buyers = [w.free, w.owner];
    const products: string[] = [];
    for (let i = 0; i < 10; i++) {
      products.push(
        await addProduct(w.t.app, w.admin, {
          name: `Part ${i}`,
          sku: `KC-RACE-${i}`,
          price: 10,
          quantity: 1,
          availableQuantity: 100,
        }),
      );
    }
    for (let i = 0; i < 8; i++) {
      const b = await signUp(w.t.app, `Racer ${i}`, `racer${i}@example.com`);
      await w.t.app.db
        .insertInto('company_members')
        .values({
          user_id: b.id,
          company_id: w.companyId,
          role: 'buyer',
          spending_limit_cents: null,
          joined_at: '2026-01-01T00:00:00.000Z',
        })
        .execute();
      buyers.push(b);
    }
    const answers = await Promise.all(
      buyers.map((b, i) =>
        call(w.t.app, 'POST', '/api/orders', b, {
          lines: [{ productId: products[i], quantity: 30 }],
          ...where,
          ...account,
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().error.code).toBe('credit_limit_exceeded');
    expect((await balance()).balance).toBe(900);
  });
});

describe.each(databases)('payment on account refused on %s', (kind) => {
  let w: CompanyWorld;
  beforeAll(async () => {
    w = await createCompanyWorld(kind, { paymentTerms: 'card', creditLimitCents: null });
  });
  afterAll(() => w.t.close());

  it('refuses card-terms companies and users without a company with clear text, nothing written', async () => {
    const stock = await stockOf(w);
    const card = await order(w, w.free, 1, account);
    expect([card.statusCode, card.json().error.code]).toEqual([409, 'no_account_terms']);
    expect(card.json().error.message).toContain('pays by card');
    const alone = await order(w, w.outsider, 1, account);
    expect([alone.statusCode, alone.json().error.code]).toEqual([409, 'no_account_terms']);
    expect(alone.json().error.message).toContain('company');
    const viewer = await order(w, w.viewer, 1, account);
    expect(viewer.statusCode).toBe(403);
    expect(await stockOf(w)).toBe(stock);
    const bad = await order(w, w.free, 1, { paymentTerms: 'later' });
    expect(bad.statusCode).toBe(400);
  });
});
