// Issue 47, on both databases: a quote belongs to the company it was asked for, and who may read it or act on it is
// decided by membership and role in that company now. A requester removed from Acme, demoted to viewer, or gone to
// another company (with net-30 terms of its own), and an outsider, are tried on every call; before the fix the removed
// requester accepted Acme's negotiated quote as a personal order or on the other company's account.
import type { Order, Quote } from '@kestrel/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call, type SignedIn } from '../../helpers/test-app.js';
import { createQuoteWorld, offerQuote, quoteMails, requestQuote, where, type QuoteWorld } from './quote-fixtures.js';

const OTHER = 'bbbbbbbbbbbbbbbbbbbbbbb2';
const AT = '2026-01-01T00:00:00.000Z';
const VIEWER_REFUSAL = 'Your company role is viewer: you can read its quotes but not ask, accept, decline or cancel';

describe.each(databases)('who may act on a quote, by membership now, on %s', (kind) => {
  let w: QuoteWorld;
  let quote: Quote;
  // A fresh world per test: each moves Fay out of Acme in its own way.
  beforeEach(async () => {
    w = await createQuoteWorld(kind, { paymentTerms: 'net30', creditLimitCents: null });
    // Fay (a buyer of Acme) asks; the shop offers $7.25 a unit for 50 CPUs ($362.50).
    quote = await offerQuote(w, await requestQuote(w, w.free));
  });
  afterEach(() => w.t.close());

  const removeFay = async () => {
    const res = await call(w.t.app, 'DELETE', `/api/companies/mine/members/${w.free.id}`, w.owner);
    expect(res.statusCode, res.body).toBe(204);
  };

  /** Every call of a quote by `who`: the status of each answer. */
  async function tryEverything(who: SignedIn) {
    const url = `/api/quotes/${quote._id}`;
    const listed = (await call(w.t.app, 'GET', '/api/quotes', who)).json<Quote[]>().map((q) => q._id);
    return {
      read: (await call(w.t.app, 'GET', url, who)).statusCode,
      listed: listed.includes(quote._id),
      message: (await call(w.t.app, 'POST', `${url}/messages`, who, { text: 'Still on?' })).statusCode,
      acceptOnAccount: (await call(w.t.app, 'POST', `${url}/accept`, who, { ...where, paymentTerms: 'account' }))
        .statusCode,
      acceptByCard: (await call(w.t.app, 'POST', `${url}/accept`, who, where)).statusCode,
      decline: (await call(w.t.app, 'POST', `${url}/decline`, who, { reason: 'No' })).statusCode,
      cancel: (await call(w.t.app, 'POST', `${url}/cancel`, who)).statusCode,
    };
  }

  const NOTHING = {
    read: 404,
    listed: false,
    message: 404,
    acceptOnAccount: 404,
    acceptByCard: 404,
    decline: 404,
    cancel: 404,
  };

  /** The quote unchanged (still offered, no order, no message) and no order placed from it. */
  async function untouched() {
    const now: Quote = (await call(w.t.app, 'GET', `/api/quotes/${quote._id}`, w.owner)).json();
    expect([now.status, now.orderId, now.messages]).toEqual(['offered', null, []]);
    const orders = await w.t.app.db.selectFrom('orders').select('id').where('quote_id', '=', quote._id).execute();
    expect(orders).toEqual([]);
  }

  it('a requester removed from the company can do nothing with its quote; its owner still accepts it as Acme’s', async () => {
    await removeFay();
    expect(await tryEverything(w.free)).toEqual(NOTHING);
    await untouched();
    const accepted = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/accept`, w.owner, where);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const order: Order = (await call(w.t.app, 'GET', `/api/orders/${accepted.json().orderId}`, w.owner)).json();
    expect([order.companyId, order.email, order.price, order.quoteId]).toEqual([
      w.companyId,
      'olga@example.com',
      362.5,
      quote._id,
    ]);
  });

  it('mails the shop’s steps to the company’s owners, not to a requester removed from it', async () => {
    await removeFay();
    expect(
      (await call(w.t.app, 'POST', `/api/quotes/${quote._id}/messages`, w.admin, { text: 'New terms' })).statusCode,
    ).toBe(201);
    await offerQuote(w, quote, 7);
    const mails = (await quoteMails(w, quote._id)).map((m) => [m.to_address, m.subject]);
    expect(mails.slice(2)).toEqual([
      ['olga@example.com', `Quote ${quote.number} has a new message`],
      ['olga@example.com', `Quote ${quote.number} offered`],
    ]);
    // Before the removal the requester had the first offer.
    expect(mails.slice(0, 2)).toEqual([
      ['boss@example.com', `Quote ${quote.number} requested`],
      ['fay@example.com', `Quote ${quote.number} offered`],
    ]);
  });

  it('a requester now in another company (net 30) cannot place the quote on that company’s account', async () => {
    await removeFay();
    await w.t.app.db
      .insertInto('companies')
      .values({
        id: OTHER,
        name: 'Other Works',
        billing_address: '2 Mill Lane',
        payment_terms: 'net30',
        credit_limit_cents: null,
        created_at: AT,
        updated_at: AT,
      })
      .execute();
    await w.t.app.db
      .insertInto('company_members')
      .values({ user_id: w.free.id, company_id: OTHER, role: 'owner', spending_limit_cents: null, joined_at: AT })
      .execute();
    expect(await tryEverything(w.free)).toEqual(NOTHING);
    await untouched();
    const owed = await w.t.app.db.selectFrom('orders').select('id').where('company_id', '=', OTHER).execute();
    expect(owed).toEqual([]);
  });

  it('a requester demoted to viewer reads the quote and does nothing else (403)', async () => {
    const demoted = await call(w.t.app, 'PATCH', `/api/companies/mine/members/${w.free.id}`, w.owner, {
      role: 'viewer',
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(await tryEverything(w.free)).toEqual({
      read: 200,
      listed: true,
      message: 403,
      acceptOnAccount: 403,
      acceptByCard: 403,
      decline: 403,
      cancel: 403,
    });
    const refused = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/accept`, w.free, where);
    expect(refused.json()).toEqual({ error: { code: 'forbidden', message: VIEWER_REFUSAL } });
    await untouched();
  });

  it('an outsider can do nothing with it', async () => {
    expect(await tryEverything(w.outsider)).toEqual(NOTHING);
    await untouched();
  });

  it('a personal quote stays its requester’s: accepted after joining a company, its order is personal', async () => {
    const personal = await offerQuote(w, await requestQuote(w, w.outsider));
    expect(personal.companyId).toBeNull();
    await w.t.app.db
      .insertInto('company_members')
      .values({
        user_id: w.outsider.id,
        company_id: w.companyId,
        role: 'buyer',
        spending_limit_cents: null,
        joined_at: AT,
      })
      .execute();
    // Acme's members do not see it; its requester does, and Acme's account is not theirs to charge for it.
    expect((await call(w.t.app, 'GET', `/api/quotes/${personal._id}`, w.owner)).statusCode).toBe(404);
    const onAccount = await call(w.t.app, 'POST', `/api/quotes/${personal._id}/accept`, w.outsider, {
      ...where,
      paymentTerms: 'account',
    });
    expect([onAccount.statusCode, onAccount.json().error.code]).toEqual([409, 'no_account_terms']);
    const accepted = await call(w.t.app, 'POST', `/api/quotes/${personal._id}/accept`, w.outsider, where);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const order: Order = (await call(w.t.app, 'GET', `/api/orders/${accepted.json().orderId}`, w.outsider)).json();
    expect([order.companyId, order.paymentTerms, order.price]).toEqual([null, 'card', 362.5]);
  });
});
