// B2B §10's transitions on both databases: every action from every status (allowed ones change it, every other
// answers 409 and changes nothing), every caller kind for every call as one access table (requester, the company's
// owner, another buyer, a viewer, an outsider, the admin, anonymous), and expiry at validUntil's exact moment, on the
// quotes' injected clock, before and after the expiry job marks it.
import type { Quote, QuoteStatus } from '@kestrel/shared';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call, type SignedIn } from '../../helpers/test-app.js';
import {
  createQuoteWorld,
  DAY,
  offerQuote,
  quoteIn,
  quoteMails,
  requestQuote,
  where,
  type QuoteWorld,
} from './quote-fixtures.js';

const ACTIONS = ['offer', 'accept', 'decline', 'cancel', 'reject'] as const;
type Action = (typeof ACTIONS)[number];
const STATUSES = ['requested', 'offered', 'accepted', 'declined', 'cancelled', 'rejected', 'expired'] as const;

/** Where each action may start, and where it leads (B2B §10). */
const ALLOWED: Record<Action, { from: QuoteStatus[]; to: QuoteStatus }> = {
  offer: { from: ['requested', 'offered'], to: 'offered' },
  accept: { from: ['offered'], to: 'accepted' },
  decline: { from: ['offered'], to: 'declined' },
  cancel: { from: ['requested', 'offered'], to: 'cancelled' },
  reject: { from: ['requested'], to: 'rejected' },
};

const CALLERS = ['requester', 'owner', 'buyer', 'viewer', 'outsider', 'admin', 'anonymous'] as const;
type Caller = (typeof CALLERS)[number];
const CALLS = ['read', 'offer', 'accept', 'decline', 'cancel', 'reject', 'message'] as const;
type Call = (typeof CALLS)[number];

/** The access table: each call's answer to each caller (on a quote in a status the call starts from). */
const ACCESS: Record<Call, Record<Caller, number>> = {
  read: { requester: 200, owner: 200, buyer: 200, viewer: 200, outsider: 404, admin: 200, anonymous: 401 },
  offer: { requester: 403, owner: 403, buyer: 403, viewer: 403, outsider: 404, admin: 200, anonymous: 401 },
  accept: { requester: 200, owner: 200, buyer: 200, viewer: 403, outsider: 404, admin: 403, anonymous: 401 },
  decline: { requester: 200, owner: 200, buyer: 200, viewer: 403, outsider: 404, admin: 403, anonymous: 401 },
  cancel: { requester: 200, owner: 200, buyer: 200, viewer: 403, outsider: 404, admin: 403, anonymous: 401 },
  reject: { requester: 403, owner: 403, buyer: 403, viewer: 403, outsider: 404, admin: 200, anonymous: 401 },
  message: { requester: 201, owner: 201, buyer: 201, viewer: 403, outsider: 404, admin: 201, anonymous: 401 },
};

describe.each(databases)('quote transitions on %s', (kind) => {
  let w: QuoteWorld;
  beforeAll(async () => {
    w = await createQuoteWorld(kind);
  });
  afterAll(() => w.t.close());

  const read = async (id: string): Promise<Quote> => (await call(w.t.app, 'GET', `/api/quotes/${id}`, w.admin)).json();

  function act(quote: Quote, action: Action | 'message', who: SignedIn | undefined) {
    const url = `/api/quotes/${quote._id}/${action === 'message' ? 'messages' : action}`;
    const body: Record<Action | 'message', unknown> = {
      offer: {
        lines: quote.lines.map((l) => ({ productId: l.productId, unitPrice: 6 })),
        validUntil: new Date(w.clock.now() + 5 * DAY).toISOString(),
      },
      accept: where,
      decline: { reason: 'No budget' },
      cancel: undefined,
      reject: { reason: 'We do not make these' },
      message: { text: 'Hello' },
    };
    return call(w.t.app, 'POST' as HTTPMethods, url, who, body[action]);
  }

  const actor = (action: Action) => (action === 'offer' || action === 'reject' ? w.admin : w.free);

  /** A quote of the requester in `status`, through the calls (expired: an offer whose validUntil has passed). */
  async function quoteInStatus(status: (typeof STATUSES)[number]): Promise<Quote> {
    if (status === 'requested' || status === 'offered') return quoteIn(w, w.free, status);
    if (status === 'rejected' || status === 'cancelled') {
      const quote = await quoteIn(w, w.free, 'requested');
      const action = status === 'rejected' ? 'reject' : 'cancel';
      expect((await act(quote, action, actor(action))).statusCode).toBe(200);
      return read(quote._id);
    }
    const quote = await quoteIn(w, w.free, 'offered');
    if (status === 'expired') {
      await w.t.app.db
        .updateTable('quotes')
        .set({ valid_until: new Date(Date.now() - 60_000).toISOString() })
        .where('id', '=', quote._id)
        .execute();
      return read(quote._id);
    }
    const action = status === 'accepted' ? 'accept' : 'decline';
    expect((await act(quote, action, w.free)).statusCode).toBe(200);
    return read(quote._id);
  }

  for (const action of ACTIONS) {
    it(`${action}: allowed from ${ALLOWED[action].from.join(' and ')} only; from any other status 409, nothing changes`, async () => {
      for (const status of STATUSES) {
        const quote = await quoteInStatus(status);
        expect(quote.status).toBe(status);
        const res = await act(quote, action, actor(action));
        if (ALLOWED[action].from.includes(status)) {
          expect(res.statusCode, `${action} from ${status}: ${res.body}`).toBe(200);
          expect(res.json<Quote>().status).toBe(ALLOWED[action].to);
        } else {
          expect(res.statusCode, `${action} from ${status}: ${res.body}`).toBe(409);
          expect(res.json().error.code).toBe(status === 'expired' ? 'quote_expired' : 'invalid_transition');
          expect(await read(quote._id)).toEqual(quote);
        }
      }
    });
  }

  it('the access table: every call for every kind of caller', async () => {
    const who: Record<Caller, SignedIn | undefined> = {
      requester: w.free,
      owner: w.owner,
      buyer: w.limited,
      viewer: w.viewer,
      outsider: w.outsider,
      admin: w.admin,
      anonymous: undefined,
    };
    const seen: Record<string, Record<string, number>> = {};
    for (const c of CALLS) {
      seen[c] = {};
      for (const caller of CALLERS) {
        const quote = await quoteIn(w, w.free, c === 'accept' || c === 'decline' ? 'offered' : 'requested');
        const res =
          c === 'read'
            ? await call(w.t.app, 'GET', `/api/quotes/${quote._id}`, who[caller])
            : await act(quote, c, who[caller]);
        (seen[c] as Record<string, number>)[caller] = res.statusCode;
        if (res.statusCode >= 400) {
          // A refusal changes nothing.
          expect(await read(quote._id)).toEqual(quote);
        }
      }
    }
    expect(seen).toEqual(ACCESS);
  });

  it("a quote of someone in no company is that person's and the admin's alone", async () => {
    const quote = await requestQuote(w, w.outsider);
    expect(quote.companyId).toBeNull();
    for (const member of [w.owner, w.free, w.viewer]) {
      expect((await call(w.t.app, 'GET', `/api/quotes/${quote._id}`, member)).statusCode).toBe(404);
    }
    expect((await call(w.t.app, 'GET', `/api/quotes/${quote._id}`, w.outsider)).statusCode).toBe(200);
    const unknown = await call(w.t.app, 'GET', '/api/quotes/ffffffffffffffffffffffff', w.admin);
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'not_found']);
  });

  it('an offer may be replaced while it stands: the new prices and validUntil, a message in the thread', async () => {
    // Both offers in the same millisecond, as on a fast host: the second still mails the buyer.
    w.clock.set(Date.now());
    try {
      const quote = await quoteIn(w, w.free, 'offered');
      const again = await offerQuote(w, quote, 5.55, 3, 'Better price');
      expect(again.lines.map((l) => l.unitPrice)).toEqual([5.55]);
      expect(again.offeredTotal).toBe(277.5);
      expect(again.messages.map((m) => [m.author, m.text])).toEqual([['seller', 'Better price']]);
      expect((await quoteMails(w, quote._id)).filter((m) => m.subject.endsWith('offered'))).toHaveLength(2);
    } finally {
      w.clock.set(null);
    }
  });

  it('expires at validUntil exactly: offered until the moment before, expired (409 on accept) from it', async () => {
    const start = Date.now();
    w.clock.set(start);
    try {
      const early = await requestQuote(w, w.free);
      const late = await requestQuote(w, w.free);
      const until = start + 2 * DAY;
      for (const q of [early, late]) {
        const res = await call(w.t.app, 'POST', `/api/quotes/${q._id}/offer`, w.admin, {
          lines: [{ productId: w.cpu, unitPrice: 8 }],
          validUntil: new Date(until).toISOString(),
        });
        expect(res.statusCode).toBe(200);
      }
      w.clock.set(until - 1);
      // Offers of the other tests that are already past are marked first; ours is not among them.
      await w.t.app.quotes.expireDue();
      expect(await w.t.app.quotes.expireDue()).toEqual({ expired: 0 });
      expect((await read(late._id)).status).toBe('offered');
      const inTime = await call(w.t.app, 'POST', `/api/quotes/${early._id}/accept`, w.free, where);
      expect([inTime.statusCode, inTime.json().status]).toEqual([200, 'accepted']);

      w.clock.set(until);
      // From this moment, before any job: every answer says expired and accepting is refused.
      expect((await read(late._id)).status).toBe('expired');
      const lists = await call(w.t.app, 'GET', '/api/quotes?status=expired', w.free);
      expect(lists.json<Quote[]>().map((q) => q._id)).toContain(late._id);
      const tooLate = await call(w.t.app, 'POST', `/api/quotes/${late._id}/accept`, w.free, where);
      expect([tooLate.statusCode, tooLate.json().error]).toEqual([
        409,
        { code: 'quote_expired', message: 'This offer has expired: ask for a new quote' },
      ]);
      const orders = await w.t.app.db.selectFrom('orders').select('id').where('quote_id', '=', late._id).execute();
      expect(orders).toEqual([]);

      // The job marks it and mails the requester, once, whichever pass notices.
      const [a, b] = await Promise.all([w.t.app.quotes.expireDue(), w.t.app.quotes.expireDue()]);
      expect((a?.expired ?? 0) + (b?.expired ?? 0)).toBe(1);
      expect(await w.t.app.quotes.expireDue()).toEqual({ expired: 0 });
      const row = await w.t.app.db
        .selectFrom('quotes')
        .select('status')
        .where('id', '=', late._id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('expired');
      const expiredMails = (await quoteMails(w, late._id)).filter((m) => m.subject.endsWith('expired'));
      expect(expiredMails.map((m) => [m.to_address, m.subject])).toEqual([
        ['fay@example.com', `Quote ${late.number} expired`],
      ]);
      // The accepted one is not touched by the job.
      expect((await read(early._id)).status).toBe('accepted');
    } finally {
      w.clock.set(null);
    }
  });
});
