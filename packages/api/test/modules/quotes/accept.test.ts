// Accepting an offer (B2B §10) on both databases: the order is placed at the offered unit prices (exact cents) with
// the quote's change in one transaction; stock is reserved as for any order, and without it the answer is 409 'not
// enough stock' with the quote still offered; two accepts at once place exactly one order; §5's approval (spending
// limit) and on-account rules (terms, credit limit, overdue) apply.
import type { Order, Quote } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsOf, openOrdersOf } from '../orders/company-ordering/fixtures.js';
import { databases } from '../../helpers/databases.js';
import { addProduct, call } from '../../helpers/test-app.js';
import { createQuoteWorld, offerQuote, quoteIn, requestQuote, where, type QuoteWorld } from './quote-fixtures.js';

async function stock(w: QuoteWorld, productId: string): Promise<number> {
  const row = await w.t.app.db
    .selectFrom('products')
    .select('available_quantity')
    .where('id', '=', productId)
    .executeTakeFirstOrThrow();
  return Number(row.available_quantity);
}

const ordersOfQuote = (w: QuoteWorld, quoteId: string) =>
  w.t.app.db.selectFrom('orders').select(['id', 'status']).where('quote_id', '=', quoteId).execute();

describe.each(databases)('accepting a quote on %s', (kind) => {
  let w: QuoteWorld;
  beforeAll(async () => {
    w = await createQuoteWorld(kind);
  });
  afterAll(() => w.t.close());

  it('places the order at the offered prices, exact to the cent, and links quote and order', async () => {
    const quote = await requestQuote(w, w.free, [
      { productId: w.cpu, quantity: 333 },
      { productId: w.gear, quantity: 110 },
    ]);
    const res = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/offer`, w.admin, {
      lines: [
        { productId: w.cpu, unitPrice: 7.77 },
        { productId: w.gear, unitPrice: 19.99 },
      ],
      validUntil: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(res.statusCode).toBe(200);
    const [cpuBefore, gearBefore] = [await stock(w, w.cpu), await stock(w, w.gear)];
    const accepted = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/accept`, w.free, {
      ...where,
      poNumber: 'PO-77',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const after: Quote = accepted.json();
    expect([after.status, after.orderId]).toEqual(['accepted', expect.stringMatching(/^[0-9a-f]{24}$/)]);
    // 333 x $7.77 = $2,587.41; 110 x $19.99 = $2,198.90; together $4,786.31.
    expect(after.offeredTotal).toBe(4786.31);
    const order: Order = (await call(w.t.app, 'GET', `/api/orders/${after.orderId}`, w.free)).json();
    expect(order.lines.map((l) => [l.productId, l.quantity, l.unitPrice, l.lineTotal])).toEqual([
      [w.cpu, 333, 7.77, 2587.41],
      [w.gear, 110, 19.99, 2198.9],
    ]);
    expect([order.price, order.quoteId, order.status, order.paymentTerms, order.poNumber]).toEqual([
      4786.31,
      quote._id,
      'pending',
      'card',
      'PO-77',
    ]);
    expect([order.companyId, order.email, order.itemName, order.quantity]).toEqual([
      w.companyId,
      'fay@example.com',
      'CPU + 1 more',
      443,
    ]);
    const row = await w.t.app.db
      .selectFrom('orders')
      .select('total_cents')
      .where('id', '=', order._id)
      .executeTakeFirstOrThrow();
    expect(Number(row.total_cents)).toBe(478631);
    expect([await stock(w, w.cpu), await stock(w, w.gear)]).toEqual([cpuBefore - 333, gearBefore - 110]);
    // The order is the buyer's like any other: "order placed" is mailed, it lists, it can be paid.
    expect((await mailsOf(w, order._id)).map((m) => m.kind)).toContain('order-placed');
    const mine = await call(w.t.app, 'GET', '/api/orders?email=fay@example.com', w.free);
    expect(mine.json<Order[]>().find((o) => o._id === order._id)?.quoteId).toBe(quote._id);
  });

  it('above maxQuantity (a production run) is accepted while the stock suffices', async () => {
    // 600 gears: above the maxQuantity of 500, within the stock.
    await call(w.t.app, 'PATCH', `/api/service/${w.gear}`, w.admin, { stockAdjustment: 1000 });
    const quote = await offerQuote(w, await requestQuote(w, w.free, [{ productId: w.gear, quantity: 600 }]), 15);
    const res = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/accept`, w.free, where);
    expect(res.statusCode, res.body).toBe(200);
  });

  it("without stock: 409 'not enough stock', the quote stays offered, nothing moves; with stock again it works", async () => {
    const quote = await offerQuote(w, await requestQuote(w, w.free, [{ productId: w.gear, quantity: 5000 }]), 12);
    const before = await stock(w, w.gear);
    const open = await openOrdersOf(w, w.free);
    const res = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/accept`, w.free, where);
    expect([res.statusCode, res.json().error]).toEqual([
      409,
      { code: 'not_enough_stock', message: 'not enough stock' },
    ]);
    const now: Quote = (await call(w.t.app, 'GET', `/api/quotes/${quote._id}`, w.free)).json();
    expect(now).toEqual(quote);
    expect(await ordersOfQuote(w, quote._id)).toEqual([]);
    expect(await stock(w, w.gear)).toBe(before);
    expect(await openOrdersOf(w, w.free)).toBe(open);

    await call(w.t.app, 'PATCH', `/api/service/${w.gear}`, w.admin, { stockAdjustment: 5000 });
    const again = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/accept`, w.free, where);
    expect(again.statusCode, again.body).toBe(200);
    expect(await stock(w, w.gear)).toBe(before);
  });

  it('two (or ten) accepts at once place exactly one order', async () => {
    for (let round = 0; round < 3; round++) {
      const quote = await quoteIn(w, w.free, 'offered');
      const before = await stock(w, w.cpu);
      const callers = [w.free, w.owner, w.free, w.limited, w.free, w.owner, w.free, w.owner, w.free, w.free];
      const answers = await Promise.all(
        callers.map((who) => call(w.t.app, 'POST', `/api/quotes/${quote._id}/accept`, who, where)),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes, answers.map((a) => a.body).join('\n')).toEqual([200, ...Array<number>(9).fill(409)]);
      for (const refused of answers.filter((a) => a.statusCode === 409)) {
        expect(refused.json().error.code).toBe('invalid_transition');
      }
      const orders = await ordersOfQuote(w, quote._id);
      expect(orders).toHaveLength(1);
      expect(await stock(w, w.cpu)).toBe(before - 50);
      const read: Quote = (await call(w.t.app, 'GET', `/api/quotes/${quote._id}`, w.free)).json();
      expect([read.status, read.orderId]).toEqual(['accepted', orders[0]?.id]);
    }
  });

  it("an accept above the accepting buyer's spending limit awaits the owner's approval", async () => {
    // Lee's limit is $100; 50 CPUs at $7.25 are $362.50.
    const quote = await quoteIn(w, w.limited, 'offered');
    const res = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/accept`, w.limited, where);
    expect(res.statusCode, res.body).toBe(200);
    const order: Order = (await call(w.t.app, 'GET', `/api/orders/${res.json().orderId}`, w.limited)).json();
    expect([order.status, order.price]).toEqual(['awaiting_approval', 362.5]);
    expect((await mailsOf(w, order._id)).map((m) => m.kind)).toContain('approval-needed');
    const approved = await call(w.t.app, 'POST', `/api/orders/${order._id}/approve`, w.owner);
    expect([approved.statusCode, approved.json().status]).toEqual([200, 'pending']);
    // The owner accepting the same kind of offer has no limit.
    const owners = await quoteIn(w, w.limited, 'offered');
    const byOwner = await call(w.t.app, 'POST', `/api/quotes/${owners._id}/accept`, w.owner, where);
    const ownersOrder: Order = (await call(w.t.app, 'GET', `/api/orders/${byOwner.json().orderId}`, w.owner)).json();
    expect(ownersOrder.status).toBe('pending');
  });

  it("on account needs net terms: a card company's accept on account answers 409 and leaves the offer", async () => {
    const quote = await quoteIn(w, w.free, 'offered');
    const res = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/accept`, w.free, {
      ...where,
      paymentTerms: 'account',
    });
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'no_account_terms']);
    expect((await call(w.t.app, 'GET', `/api/quotes/${quote._id}`, w.free)).json().status).toBe('offered');
  });

  it("a deleted product's line keeps its SKU and name; accepting then answers 409 and places nothing", async () => {
    const part = await addProduct(w.t.app, w.admin, { name: 'Gone', sku: 'KC-GONE-1', price: 4, quantity: 1 });
    const quote = await offerQuote(w, await requestQuote(w, w.free, [{ productId: part, quantity: 10 }]), 3);
    expect((await call(w.t.app, 'DELETE', `/api/service/${part}`, w.admin)).statusCode).toBe(200);
    const read: Quote = (await call(w.t.app, 'GET', `/api/quotes/${quote._id}`, w.free)).json();
    expect(read.lines.map((l) => [l.productId, l.sku, l.name])).toEqual([[null, 'KC-GONE-1', 'Gone']]);
    const res = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/accept`, w.free, where);
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'product_gone']);
    expect(await ordersOfQuote(w, quote._id)).toEqual([]);
  });

  it('bad accept bodies answer 400', async () => {
    const quote = await quoteIn(w, w.free, 'offered');
    for (const body of [
      {},
      { phone: '1' },
      { ...where, paymentTerms: 'cash' },
      { ...where, poNumber: 'x'.repeat(36) },
    ]) {
      const res = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/accept`, w.free, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe.each(databases)('accepting a quote on account on %s', (kind) => {
  let w: QuoteWorld;
  beforeAll(async () => {
    // Net 30, a credit limit of $1,000.
    w = await createQuoteWorld(kind, { paymentTerms: 'net30', creditLimitCents: 100_000 });
  });
  afterAll(() => w.t.close());

  it('confirms on account with its invoice number and due date, within the credit limit only', async () => {
    const quote = await quoteIn(w, w.free, 'offered');
    const res = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/accept`, w.free, {
      ...where,
      paymentTerms: 'account',
    });
    expect(res.statusCode, res.body).toBe(200);
    const order: Order = (await call(w.t.app, 'GET', `/api/orders/${res.json().orderId}`, w.free)).json();
    expect([order.status, order.paymentTerms, order.paid, order.price]).toEqual(['confirmed', 'account', false, 362.5]);
    expect(order.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(order.dueDate).toMatch(/^\d{4}-\d\d-\d\d$/);

    // $362.50 open; 100 CPUs at $7.25 more ($725) would pass $1,000.
    const big = await offerQuote(w, await requestQuote(w, w.free, [{ productId: w.cpu, quantity: 100 }]));
    const refused = await call(w.t.app, 'POST', `/api/quotes/${big._id}/accept`, w.free, {
      ...where,
      paymentTerms: 'account',
    });
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'credit_limit_exceeded']);
    expect((await call(w.t.app, 'GET', `/api/quotes/${big._id}`, w.free)).json()).toEqual(big);
    expect(await ordersOfQuote(w, big._id)).toEqual([]);
  });

  it('an overdue on-account order stops accepts on account (409)', async () => {
    const first = await quoteIn(w, w.owner, 'offered');
    const placed = await call(w.t.app, 'POST', `/api/quotes/${first._id}/accept`, w.owner, {
      ...where,
      paymentTerms: 'account',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    await w.t.app.db
      .updateTable('orders')
      .set({ due_date: '2020-01-01' })
      .where('id', '=', placed.json<Quote>().orderId ?? '')
      .execute();
    const next = await quoteIn(w, w.owner, 'offered');
    const res = await call(w.t.app, 'POST', `/api/quotes/${next._id}/accept`, w.owner, {
      ...where,
      paymentTerms: 'account',
    });
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'account_overdue']);
    expect((await call(w.t.app, 'GET', `/api/quotes/${next._id}`, w.owner)).json().status).toBe('offered');
  });
});
