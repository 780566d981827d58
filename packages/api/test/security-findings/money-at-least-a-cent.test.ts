// Issue 47, on SQLite and PostgreSQL: any amount below $0.00000001 passed as positive and was stored as $0 (zod's
// positive() let it through and the whole-cents tolerance read it as 0 cents), on every entry point that takes a price.
// Now a positive amount is at least one cent and has at most 2 decimals (shared money.ts), with the field's own
// message and nothing stored; one cent is accepted and stored as 1. An order of $0.00 (from a price stored before the
// rule) opens no payment intent.
import { catalogMessages, companyMessages, contractPriceMessages, messages, quoteMessages } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newProductRow } from '../../src/modules/catalog/product-row.js';
import { databases } from '../helpers/databases.js';
import { call } from '../helpers/test-app.js';
import { createQuoteWorld, DAY, requestQuote, where, type QuoteWorld } from '../modules/quotes/quote-fixtures.js';

/** Below a cent, or more than 2 decimals: each was refused or stored as $0 before, and is refused now. */
const BAD = [0.000000001, 1e-9 / 3, 0.00000000999, 0.001, 0.009, 0, -0.01, 1.0000000001, 10.005];
const UPDATE_PRICE_MESSAGE = 'price must be a positive amount with at most 2 decimals';

describe.each(databases)('money amounts are whole cents, at least one, on %s', (kind) => {
  let w: QuoteWorld;
  const productRow = () =>
    w.t.app.db
      .selectFrom('products')
      .select(['price_cents', 'price_breaks'])
      .where('id', '=', w.cpu)
      .executeTakeFirstOrThrow();
  const refused = (res: { statusCode: number; json: () => unknown }, message: string) => {
    expect([res.statusCode, res.json()]).toEqual([400, { error: { code: 'validation_error', message } }]);
  };

  beforeAll(async () => {
    w = await createQuoteWorld(kind);
  });
  afterAll(() => w.t.close());

  it.each(BAD)('product create refuses price %s', async (price) => {
    const before = await w.t.app.db.selectFrom('products').select('id').execute();
    const res = await call(w.t.app, 'POST', '/api/service', w.admin, {
      name: 'Tiny',
      price,
      description: 'A part.',
      img: '/x.png',
      quantity: 1,
      availableQuantity: 10,
    });
    refused(res, messages.product.priceInvalid);
    expect(await w.t.app.db.selectFrom('products').select('id').execute()).toEqual(before);
  });

  it.each(BAD)('product update refuses %s as a price and as a price break', async (price) => {
    refused(await call(w.t.app, 'PATCH', `/api/service/${w.cpu}`, w.admin, { price }), UPDATE_PRICE_MESSAGE);
    const breaks = { priceBreaks: [{ minQuantity: 10, price }] };
    refused(await call(w.t.app, 'PATCH', `/api/service/${w.cpu}`, w.admin, breaks), catalogMessages.breakPriceOrder);
    expect(await productRow()).toEqual({ price_cents: 1000, price_breaks: '[]' });
  });

  it.each(BAD)('a product created with a price break at %s is refused', async (price) => {
    const res = await call(w.t.app, 'POST', '/api/service', w.admin, {
      name: 'Tiny breaks',
      price: 5,
      description: 'A part.',
      img: '/x.png',
      quantity: 1,
      availableQuantity: 10,
      priceBreaks: [{ minQuantity: 5, price }],
    });
    refused(res, catalogMessages.breakPriceOrder);
  });

  it.each(BAD)('contract prices refuse %s, by PUT and by CSV', async (price) => {
    const url = `/api/admin/companies/${w.companyId}/prices`;
    refused(
      await call(w.t.app, 'PUT', url, w.admin, { prices: [{ productId: w.cpu, price }] }),
      contractPriceMessages.priceInvalid,
    );
    const csv = await w.t.app.inject({
      method: 'POST',
      url: `${url}.csv`,
      headers: { ...w.admin.auth, 'content-type': 'text/csv' },
      payload: `sku,price\nKC-CPU-1,${price.toFixed(12)}\n`,
    });
    expect(csv.statusCode).toBe(400);
    expect(csv.json().error.rows).toEqual([{ line: 2, message: contractPriceMessages.priceInvalid }]);
    expect(await w.t.app.db.selectFrom('company_prices').selectAll().execute()).toEqual([]);
  });

  it.each(BAD)('a quote refuses %s as a target price and as an offered unit price', async (price) => {
    const before = await w.t.app.db.selectFrom('quotes').select('id').execute();
    const ask = await call(w.t.app, 'POST', '/api/quotes', w.free, {
      lines: [{ productId: w.cpu, quantity: 50, targetPrice: price }],
    });
    refused(ask, quoteMessages.targetPriceInvalid);
    expect(await w.t.app.db.selectFrom('quotes').select('id').execute()).toEqual(before);

    const quote = await requestQuote(w, w.free);
    const offer = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/offer`, w.admin, {
      lines: quote.lines.map((l) => ({ productId: l.productId, unitPrice: price })),
      validUntil: new Date(w.clock.now() + 30 * DAY).toISOString(),
    });
    refused(offer, quoteMessages.unitPriceInvalid);
    const row = await w.t.app.db
      .selectFrom('quotes')
      .select('status')
      .where('id', '=', quote._id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('requested');
  });

  // A spending or credit limit is money too: $0 is a limit (every order needs approval, or none on account), but a
  // fraction of a cent passed the old whole-cents tolerance and was stored rounded ($0.000000001 as $0).
  it.each(BAD.filter((v) => v !== 0))('a spending limit and a credit limit refuse %s', async (amount) => {
    const limits = () =>
      Promise.all([
        w.t.app.db
          .selectFrom('company_members')
          .select('spending_limit_cents')
          .where('user_id', '=', w.free.id)
          .executeTakeFirstOrThrow(),
        w.t.app.db
          .selectFrom('companies')
          .select('credit_limit_cents')
          .where('id', '=', w.companyId)
          .executeTakeFirstOrThrow(),
      ]);
    const before = await limits();
    refused(
      await call(w.t.app, 'PATCH', `/api/companies/mine/members/${w.free.id}`, w.owner, { spendingLimit: amount }),
      companyMessages.limitInvalid,
    );
    refused(
      await call(w.t.app, 'PATCH', `/api/admin/companies/${w.companyId}`, w.admin, {
        paymentTerms: 'net30',
        creditLimit: amount,
      }),
      companyMessages.limitInvalid,
    );
    expect(await limits()).toEqual(before);
  });

  it('takes $0 and one cent as limits, stored as 0 and 1 cent', async () => {
    for (const [amount, cents] of [
      [0, 0],
      [0.01, 1],
    ] as const) {
      const member = await call(w.t.app, 'PATCH', `/api/companies/mine/members/${w.free.id}`, w.owner, {
        spendingLimit: amount,
      });
      expect(member.statusCode, member.body).toBe(200);
      const company = await call(w.t.app, 'PATCH', `/api/admin/companies/${w.companyId}`, w.admin, {
        paymentTerms: 'net30',
        creditLimit: amount,
      });
      expect(company.statusCode, company.body).toBe(200);
      const [m, c] = await Promise.all([
        w.t.app.db
          .selectFrom('company_members')
          .select('spending_limit_cents')
          .where('user_id', '=', w.free.id)
          .executeTakeFirstOrThrow(),
        w.t.app.db
          .selectFrom('companies')
          .select('credit_limit_cents')
          .where('id', '=', w.companyId)
          .executeTakeFirstOrThrow(),
      ]);
      expect([Number(m.spending_limit_cents), Number(c.credit_limit_cents)]).toEqual([cents, cents]);
    }
    // Back to no limits, as the other tests expect.
    await call(w.t.app, 'PATCH', `/api/companies/mine/members/${w.free.id}`, w.owner, { spendingLimit: null });
    await call(w.t.app, 'PATCH', `/api/admin/companies/${w.companyId}`, w.admin, {
      paymentTerms: 'card',
      creditLimit: null,
    });
  });

  it('accepts one cent everywhere and stores it as 1 cent', async () => {
    const made = await call(w.t.app, 'POST', '/api/service', w.admin, {
      name: 'Washer',
      price: 0.02,
      description: 'A part.',
      img: '/x.png',
      quantity: 1,
      availableQuantity: 10,
      priceBreaks: [{ minQuantity: 5, price: 0.01 }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const washer = await w.t.app.db
      .selectFrom('products')
      .select(['id', 'price_cents', 'price_breaks'])
      .where('name', '=', 'Washer')
      .executeTakeFirstOrThrow();
    expect([washer.price_cents, JSON.parse(washer.price_breaks)]).toEqual([2, [{ minQuantity: 5, priceCents: 1 }]]);
    const put = await call(w.t.app, 'PUT', `/api/admin/companies/${w.companyId}/prices`, w.admin, {
      prices: [{ productId: washer.id, price: 0.01 }],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await w.t.app.db.selectFrom('company_prices').select('price_cents').execute()).toEqual([{ price_cents: 1 }]);
    const quote = await requestQuote(w, w.free, [{ productId: w.cpu, quantity: 50, targetPrice: 0.01 }]);
    const offer = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/offer`, w.admin, {
      lines: [{ productId: w.cpu, unitPrice: 0.01 }],
      validUntil: new Date(w.clock.now() + 30 * DAY).toISOString(),
    });
    expect(offer.statusCode, offer.body).toBe(200);
    expect(offer.json().lines).toMatchObject([{ targetPrice: 0.01, unitPrice: 0.01 }]);
  });

  it('opens no payment intent for an order of $0.00', async () => {
    // A product whose $0 price was stored before the rule (the way the bug stored it).
    const row = newProductRow(
      { name: 'Free sample', price: 0, description: 'A part.', img: '/x.png', quantity: 1, availableQuantity: 10 },
      Date.now(),
    );
    await w.t.app.db.insertInto('products').values(row).execute();
    const placed = await call(w.t.app, 'POST', '/api/orders', w.outsider, {
      lines: [{ productId: row.id, quantity: 2 }],
      ...where,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId: string = placed.json().order._id;
    expect(placed.json().order.price).toBe(0);
    const intent = await call(w.t.app, 'POST', '/api/create-payment-intent', w.outsider, { orderId });
    expect([intent.statusCode, intent.json()]).toEqual([
      409,
      { error: { code: 'nothing_to_pay', message: 'This order totals $0.00: there is nothing to pay by card' } },
    ]);
    expect(await w.t.app.db.selectFrom('payments').selectAll().where('order_id', '=', orderId).execute()).toEqual([]);
  });
});
