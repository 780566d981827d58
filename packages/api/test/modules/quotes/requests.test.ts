// B2B §10 on both databases: asking for a quote (lines or the cart), its answer and number sequence, the quantity
// rules of a request (minimum and packs hold; stock and maxQuantity do not), targetPrice, the lists and their status
// filter, the thread, and the mail and webhook events each step writes.
import type { Order, Quote } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call, signUp } from '../../helpers/test-app.js';
import {
  createQuoteWorld,
  DAY,
  offerQuote,
  quoteEvents,
  quoteIn,
  quoteMails,
  requestQuote,
  where,
  type QuoteWorld,
} from './quote-fixtures.js';

const YEAR = new Date().getUTCFullYear();

describe.each(databases)('quote requests on %s', (kind) => {
  let w: QuoteWorld;
  beforeAll(async () => {
    w = await createQuoteWorld(kind);
  });
  afterAll(() => w.t.close());

  it('answers the quote: numbered in sequence, requested, list prices, no offer yet', async () => {
    const before = Date.now();
    const first = await requestQuote(
      w,
      w.free,
      [
        { productId: w.cpu, quantity: 50, targetPrice: 8.5 },
        { productId: w.gear, quantity: 200 },
      ],
      'Monthly run\nfor plant 2',
    );
    const second = await requestQuote(w, w.owner);
    const n = Number(first.number.slice(-6));
    expect(first.number).toMatch(new RegExp(`^Q-${YEAR}-\\d{6}$`));
    expect(second.number).toBe(`Q-${YEAR}-${String(n + 1).padStart(6, '0')}`);
    expect(first).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      number: first.number,
      status: 'requested',
      lines: [
        {
          productId: w.cpu,
          sku: 'KC-CPU-1',
          name: 'CPU',
          quantity: 50,
          listUnitPrice: 10,
          targetPrice: 8.5,
          unitPrice: null,
        },
        // The price break from 200 is the list price of this quantity.
        {
          productId: w.gear,
          sku: 'KC-GEAR-9',
          name: 'Gear',
          quantity: 200,
          listUnitPrice: 18.5,
          targetPrice: null,
          unitPrice: null,
        },
      ],
      note: 'Monthly run\nfor plant 2',
      messages: [],
      companyId: w.companyId,
      email: 'fay@example.com',
      validUntil: null,
      orderId: null,
      createdAt: first.createdAt,
      updatedAt: first.createdAt,
      userName: 'Fay Free',
      companyName: 'Acme Parts',
      offeredTotal: null,
      listTotal: 4200,
      reason: null,
    });
    expect(Date.parse(first.createdAt)).toBeGreaterThanOrEqual(before - 1000);
    const read = await call(w.t.app, 'GET', `/api/quotes/${first._id}`, w.free);
    expect(read.json()).toEqual(first);
  });

  it('numbers without gaps: a refused request takes no number', async () => {
    const a = await requestQuote(w, w.free);
    const refused = await call(w.t.app, 'POST', '/api/quotes', w.free, {
      lines: [{ productId: w.gear, quantity: 15 }],
    });
    expect(refused.statusCode).toBe(400);
    const b = await requestQuote(w, w.free);
    expect(Number(b.number.slice(-6))).toBe(Number(a.number.slice(-6)) + 1);
  });

  it('lets quantities pass the stock and maxQuantity, but holds the minimum and the pack size', async () => {
    // 5,000 gears: above the 1,000 in stock and the maximum of 500 (a production run).
    const big = await requestQuote(w, w.free, [{ productId: w.gear, quantity: 5000 }]);
    expect(big.lines[0]?.quantity).toBe(5000);
    const stock = await w.t.app.db
      .selectFrom('products')
      .select('available_quantity')
      .where('id', '=', w.gear)
      .executeTakeFirstOrThrow();
    expect(Number(stock.available_quantity)).toBe(1000);

    const res = await call(w.t.app, 'POST', '/api/quotes', w.free, {
      lines: [
        { productId: w.gear, quantity: 90 },
        { productId: w.cpu, quantity: 10 },
        { productId: 'ffffffffffffffffffffffff', quantity: 10 },
      ],
    });
    expect(res.statusCode).toBe(400);
    // Every bad line named at once, by position.
    expect(res.json()).toEqual({
      error: {
        code: 'quote_lines_invalid',
        message: 'Some lines of the quote cannot be asked for',
        lines: [
          { index: 0, productId: w.gear, message: 'quantity must be at least 100' },
          { index: 2, productId: 'ffffffffffffffffffffffff', message: 'product not found' },
        ],
      },
    });
    const packs = await call(w.t.app, 'POST', '/api/quotes', w.free, { lines: [{ productId: w.gear, quantity: 105 }] });
    expect(packs.json().error.lines).toEqual([{ index: 0, productId: w.gear, message: 'order in packs of 10' }]);
  });

  it('refuses bad bodies (400) and anonymous callers (401)', async () => {
    const bad = [
      { lines: [] },
      { lines: [{ productId: w.cpu, quantity: 0 }] },
      { lines: [{ productId: w.cpu, quantity: 1.5 }] },
      { lines: [{ productId: w.cpu, quantity: 10, targetPrice: 0 }] },
      { lines: [{ productId: w.cpu, quantity: 10, targetPrice: -1 }] },
      { lines: [{ productId: w.cpu, quantity: 10, targetPrice: 1.234 }] },
      {
        lines: [
          { productId: w.cpu, quantity: 10 },
          { productId: w.cpu, quantity: 20 },
        ],
      },
      { lines: [{ productId: w.cpu, quantity: 10 }], note: 'x'.repeat(2001) },
    ];
    for (const body of bad) {
      const res = await call(w.t.app, 'POST', '/api/quotes', w.free, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const anonymous = await call(w.t.app, 'POST', '/api/quotes', undefined, {
      lines: [{ productId: w.cpu, quantity: 1 }],
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a viewer reads only: asking for a quote answers 403', async () => {
    const res = await call(w.t.app, 'POST', '/api/quotes', w.viewer, { lines: [{ productId: w.cpu, quantity: 1 }] });
    expect(res.statusCode).toBe(403);
  });

  it("asks for a quote of the cart's lines and empties the cart; an empty cart answers 400", async () => {
    const loner = await signUp(w.t.app, 'Lou Loner', `lou-${kind}@example.com`);
    const put = await call(w.t.app, 'PUT', '/api/cart', loner, {
      lines: [
        { productId: w.gear, quantity: 3000 },
        { productId: w.cpu, quantity: 7 },
      ],
    });
    expect(put.statusCode).toBe(200);
    const res = await call(w.t.app, 'POST', '/api/cart/quote', loner, { note: 'From the cart' });
    expect(res.statusCode, res.body).toBe(201);
    const quote: Quote = res.json();
    expect(quote.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [w.gear, 3000],
      [w.cpu, 7],
    ]);
    expect([quote.note, quote.companyId, quote.companyName]).toEqual(['From the cart', null, null]);
    expect((await call(w.t.app, 'GET', '/api/cart', loner)).json().lines).toEqual([]);

    const empty = await call(w.t.app, 'POST', '/api/cart/quote', loner);
    expect([empty.statusCode, empty.json().error.code]).toEqual([400, 'cart_empty']);

    // A refused request leaves the cart as it was.
    await call(w.t.app, 'PUT', '/api/cart', loner, { lines: [{ productId: w.gear, quantity: 95 }] });
    const refused = await call(w.t.app, 'POST', '/api/cart/quote', loner, {});
    expect(refused.statusCode).toBe(400);
    expect((await call(w.t.app, 'GET', '/api/cart', loner)).json().lines).toHaveLength(1);
  });

  it('lists own and company quotes (admins all), newest first, filtered by status', async () => {
    const loner = await signUp(w.t.app, 'Lia Loner', `lia-${kind}@example.com`);
    const mine = await requestQuote(w, loner);
    const colleague = await quoteIn(w, w.free, 'offered');
    const expiring = await quoteIn(w, w.limited, 'offered');
    // Only this one's clock has passed: set its validUntil into the past.
    await w.t.app.db
      .updateTable('quotes')
      .set({ valid_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expiring._id)
      .execute();
    const ids = async (who: typeof loner, query = '') => {
      const res = await call(w.t.app, 'GET', `/api/quotes${query}`, who);
      expect(res.statusCode).toBe(200);
      return res.json<Quote[]>().map((q) => q._id);
    };
    expect(await ids(loner)).toEqual([mine._id]);
    const owners = await ids(w.owner);
    expect(owners).toContain(colleague._id);
    expect(owners).not.toContain(mine._id);
    expect(owners.indexOf(expiring._id)).toBeLessThan(owners.indexOf(colleague._id));
    expect(await ids(w.viewer)).toEqual(owners);
    expect(await ids(w.outsider)).toEqual([]);
    const all = await ids(w.admin);
    expect(all).toEqual(expect.arrayContaining([mine._id, colleague._id, expiring._id]));

    const offered = await ids(w.owner, '?status=offered');
    expect(offered).toContain(colleague._id);
    expect(offered).not.toContain(expiring._id);
    expect(await ids(w.owner, '?status=expired')).toEqual([expiring._id]);
    expect(await ids(loner, '?status=requested')).toEqual([mine._id]);
    const list = await call(w.t.app, 'GET', '/api/quotes?status=expired', w.admin);
    expect(list.json<Quote[]>().map((q) => q.status)).toEqual(['expired']);
    expect((await call(w.t.app, 'GET', '/api/quotes?status=open', w.admin)).statusCode).toBe(400);
  });

  it('keeps the thread: buyer and seller messages, 1-2000 characters, mailed to the other side once a window', async () => {
    const quote = await requestQuote(w, w.free);
    const asked = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/messages`, w.owner, {
      text: 'Can you do 4 weeks?',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const answered = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/messages`, w.admin, { text: 'Yes.' });
    const thread = answered.json<Quote>().messages;
    expect(thread.map((m) => [m.author, m.name, m.text])).toEqual([
      ['buyer', 'Olga Owner', 'Can you do 4 weeks?'],
      ['seller', 'Administrator', 'Yes.'],
    ]);
    expect(thread[0]?.at).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    for (const text of ['', '   ', 'x'.repeat(2001)]) {
      const res = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/messages`, w.free, { text });
      expect(res.statusCode).toBe(400);
    }
    const longest = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/messages`, w.free, {
      text: 'y'.repeat(2000),
    });
    expect(longest.statusCode).toBe(201);

    // The buyer's second message falls in the first one's mail window (thread-bounds.test.ts): no second mail.
    const mails = (await quoteMails(w, quote._id)).filter((m) => m.dedupe_key.startsWith('quote-message:'));
    expect(mails.map((m) => [m.to_address, m.subject])).toEqual([
      ['boss@example.com', `Quote ${quote.number} has a new message`],
      ['fay@example.com', `Quote ${quote.number} has a new message`],
    ]);
    const body = w.t.app.mail.bodies(mails[1]?.content ?? '').text;
    expect(body).toContain('Yes.');
    expect(body).toContain(`/dashboard/quotes/${quote._id}`);
    expect(w.t.app.mail.bodies(mails[0]?.content ?? '').text).toContain(`/dashboard/manage-quotes/${quote._id}`);
  });

  it('mails each step naming the quote number, to the side that must act', async () => {
    const quote = await requestQuote(w, w.free);
    await offerQuote(w, quote, 9, 10, 'Best we can do');
    const accepted = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/accept`, w.free, where);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const rejectedQuote = await requestQuote(w, w.free);
    await call(w.t.app, 'POST', `/api/quotes/${rejectedQuote._id}/reject`, w.admin, { reason: 'Discontinued' });
    const declinedQuote = await quoteIn(w, w.free, 'offered');
    await call(w.t.app, 'POST', `/api/quotes/${declinedQuote._id}/decline`, w.free, { reason: 'Too dear' });

    const subjects = async (id: string) => (await quoteMails(w, id)).map((m) => [m.to_address, m.subject]);
    expect(await subjects(quote._id)).toEqual([
      ['boss@example.com', `Quote ${quote.number} requested`],
      ['fay@example.com', `Quote ${quote.number} offered`],
      ['boss@example.com', `Quote ${quote.number} accepted`],
    ]);
    expect(await subjects(rejectedQuote._id)).toEqual([
      ['boss@example.com', `Quote ${rejectedQuote.number} requested`],
      ['fay@example.com', `Quote ${rejectedQuote.number} rejected`],
    ]);
    expect((await subjects(declinedQuote._id)).slice(2)).toEqual([
      ['boss@example.com', `Quote ${declinedQuote.number} declined`],
    ]);
    const offerMail = (await quoteMails(w, quote._id))[1];
    const text = w.t.app.mail.bodies(offerMail?.content ?? '').text;
    expect(text).toContain('$450.00');
    expect(text).toContain('Best we can do');
    const acceptMail = (await quoteMails(w, quote._id))[2];
    const order: Order = (await call(w.t.app, 'GET', `/api/orders/${accepted.json().orderId}`, w.free)).json();
    expect(w.t.app.mail.bodies(acceptMail?.content ?? '').text).toContain(order.number);
    expect(w.t.app.mail.bodies((await quoteMails(w, rejectedQuote._id))[1]?.content ?? '').text).toContain(
      'Discontinued',
    );
  });

  it('records quote.requested and quote.accepted webhook events (with order.created) in the same transactions', async () => {
    const quote = await requestQuote(w, w.free);
    expect(await quoteEvents(w, quote._id)).toEqual(['quote.requested']);
    await offerQuote(w, quote);
    const res = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/accept`, w.free, where);
    expect(res.statusCode).toBe(200);
    expect(await quoteEvents(w, quote._id)).toEqual(['quote.requested', 'order.created', 'quote.accepted']);
    const rows = await w.t.app.db.selectFrom('webhook_messages').select(['type', 'body']).execute();
    const accepted = rows.find((r) => r.type === 'quote.accepted' && r.body.includes(quote._id));
    const body = JSON.parse(accepted?.body ?? '{}') as { type: string; data: Quote };
    expect(body.type).toBe('quote.accepted');
    expect([body.data._id, body.data.status, body.data.orderId]).toEqual([quote._id, 'accepted', res.json().orderId]);
    // A refused accept (already accepted) writes no event.
    await call(w.t.app, 'POST', `/api/quotes/${quote._id}/accept`, w.free, where);
    expect(await quoteEvents(w, quote._id)).toHaveLength(3);
  });

  it('valid until: in the future and within 90 days, else 400', async () => {
    const quote = await requestQuote(w, w.free);
    const offer = (validUntil: string) =>
      call(w.t.app, 'POST', `/api/quotes/${quote._id}/offer`, w.admin, {
        lines: [{ productId: w.cpu, unitPrice: 9 }],
        validUntil,
      });
    const now = Date.now();
    w.clock.set(now);
    try {
      for (const bad of [
        new Date(now).toISOString(),
        new Date(now - 1).toISOString(),
        new Date(now + 90 * DAY + 1).toISOString(),
        'tomorrow',
        '2026-13-01T00:00:00Z',
      ]) {
        const res = await offer(bad);
        expect([res.statusCode, res.json().error.code], bad).toEqual([400, 'validation_error']);
      }
      expect((await offer(new Date(now + 90 * DAY).toISOString())).statusCode).toBe(200);
      expect((await offer(new Date(now + 1).toISOString())).statusCode).toBe(200);
      // An offset is read as the moment it names.
      const res = await offer('2099-01-01T00:00:00+02:00');
      expect(res.statusCode).toBe(400);
    } finally {
      w.clock.set(null);
    }
  });

  it('an offer prices every line exactly once with a positive price of at most 2 decimals', async () => {
    const quote = await requestQuote(w, w.free, [
      { productId: w.cpu, quantity: 50 },
      { productId: w.gear, quantity: 100 },
    ]);
    const validUntil = new Date(Date.now() + DAY).toISOString();
    const bad = [
      [{ productId: w.cpu, unitPrice: 9 }],
      [
        { productId: w.cpu, unitPrice: 9 },
        { productId: w.cpu, unitPrice: 9 },
      ],
      [
        { productId: w.cpu, unitPrice: 9 },
        { productId: w.gear, unitPrice: 0 },
      ],
      [
        { productId: w.cpu, unitPrice: 9 },
        { productId: w.gear, unitPrice: 1.005 },
      ],
      [
        { productId: w.cpu, unitPrice: 9 },
        { productId: 'ffffffffffffffffffffffff', unitPrice: 9 },
      ],
    ];
    for (const lines of bad) {
      const res = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/offer`, w.admin, { lines, validUntil });
      expect(res.statusCode, JSON.stringify(lines)).toBe(400);
    }
    expect((await call(w.t.app, 'GET', `/api/quotes/${quote._id}`, w.free)).json().status).toBe('requested');
    const ok = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/offer`, w.admin, {
      lines: [
        { productId: w.gear, unitPrice: 17.35 },
        { productId: w.cpu, unitPrice: 9.99 },
      ],
      validUntil,
    });
    expect(ok.statusCode).toBe(200);
    const offered: Quote = ok.json();
    expect(offered.lines.map((l) => l.unitPrice)).toEqual([9.99, 17.35]);
    // 50 x 9.99 + 100 x 17.35 = 499.50 + 1735.00
    expect(offered.offeredTotal).toBe(2234.5);
    expect(offered.validUntil).toBe(validUntil);
  });
});
