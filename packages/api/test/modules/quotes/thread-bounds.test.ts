// Issue 47, on both databases: a quote's thread is bounded (at most 100 messages from each side, at most 10 messages
// a person in 10 minutes), the other side is mailed a digest (at most one "new message" mail per quote and side in
// each 10-minute window, through the outbox's dedupe key), and GET /api/quotes answers no threads (GET /{id} does).
// Before the fix one buyer wrote 2,000 messages, the admins got 2,000 mails and every admin list weighed 4.35 MB.
import type { Quote, QuoteSummary } from '@kestrel/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databases } from '../../helpers/databases.js';
import { call, type SignedIn } from '../../helpers/test-app.js';
import { createQuoteWorld, quoteMails, requestQuote, type QuoteWorld } from './quote-fixtures.js';

const MINUTE = 60_000;
/** A 10-minute window's start (the mail windows are counted from the epoch). */
const BASE = Date.UTC(2030, 0, 7, 9, 0, 0);

describe.each(databases)('the bounds of a quote thread on %s', (kind) => {
  let w: QuoteWorld;
  let at = BASE;
  beforeAll(async () => {
    w = await createQuoteWorld(kind);
  });
  afterAll(() => w.t.close());
  // Each test starts on a whole hour at least an hour after the last one's messages: every person's rate window is
  // empty again, and the mail windows start with it.
  beforeEach(() => {
    at = Math.ceil((at + 60 * MINUTE) / (60 * MINUTE)) * 60 * MINUTE;
    w.clock.set(at);
  });

  const write = (quote: Quote, who: SignedIn, text: string) =>
    call(w.t.app, 'POST', `/api/quotes/${quote._id}/messages`, who, { text });
  const stored = async (quoteId: string) =>
    (
      await w.t.app.db
        .selectFrom('quote_messages')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('quote_id', '=', quoteId)
        .executeTakeFirstOrThrow()
    ).n;

  it('holds at most 100 messages from each side: the 101st answers 409 naming the bound, the other side still writes', async () => {
    const quote = await requestQuote(w, w.free);
    for (let i = 1; i <= 100; i++) {
      // Ten a person in 10 minutes: Fay and Olga take turns, and the clock moves a minute each round.
      if (i % 2 === 1) w.clock.set((at += MINUTE));
      const res = await write(quote, i % 2 === 0 ? w.owner : w.free, `Buyer message ${i}`);
      expect(res.statusCode, `${i}: ${res.body}`).toBe(201);
    }
    const full = await write(quote, w.free, 'One more');
    expect([full.statusCode, full.json()]).toEqual([
      409,
      {
        error: {
          code: 'quote_thread_full',
          message: "A quote's thread holds at most 100 messages from each side: ask for a new quote to go on",
        },
      },
    ]);
    expect(Number(await stored(quote._id))).toBe(100);
    const shop = await write(quote, w.admin, 'We read you');
    expect(shop.statusCode, shop.body).toBe(201);
    const read: Quote = (await call(w.t.app, 'GET', `/api/quotes/${quote._id}`, w.free)).json();
    expect(read.messages).toHaveLength(101);
    expect(read.messages.at(-1)).toEqual({
      author: 'seller',
      name: 'Administrator',
      text: 'We read you',
      at: expect.any(String),
    });
  });

  it('lets one person write 10 messages in 10 minutes over all quotes; the 11th answers 429 with when to write again', async () => {
    const [first, second] = [await requestQuote(w, w.free), await requestQuote(w, w.free)];
    for (let i = 0; i < 10; i++) {
      w.clock.set(at + i * 30_000);
      const res = await write(i % 2 === 0 ? first : second, w.free, `Note ${i}`);
      expect(res.statusCode, res.body).toBe(201);
    }
    // 4.5 minutes after the first: it leaves the window 5.5 minutes later.
    w.clock.set(at + 9 * 30_000);
    const refused = await write(first, w.free, 'Too fast');
    expect([refused.statusCode, refused.json(), refused.headers['retry-after']]).toEqual([
      429,
      {
        error: {
          code: 'rate_limited',
          message: 'At most 10 messages in 10 minutes: wait 6 minutes and write again',
        },
      },
      '330',
    ]);
    expect([Number(await stored(first._id)), Number(await stored(second._id))]).toEqual([5, 5]);
    // Another person is not held back by Fay's rate.
    expect((await write(first, w.owner, 'Olga here')).statusCode).toBe(201);
    // Once the first message is 10 minutes old, Fay writes again.
    w.clock.set(at + 10 * MINUTE + 1);
    expect((await write(first, w.free, 'Now')).statusCode).toBe(201);
    at += 10 * MINUTE;
  });

  it('mails the other side at most once per quote and side in each 10-minute window', async () => {
    const quote = await requestQuote(w, w.free);
    const subject = `Quote ${quote.number} has a new message`;
    for (const [minute, who, text] of [
      [0, w.free, 'First'],
      [1, w.owner, 'Second'],
      [2, w.admin, 'Shop one'],
      [3, w.admin, 'Shop two'],
      [9, w.free, 'Third'],
      [10, w.free, 'Next window'],
      [12, w.admin, 'Shop next window'],
    ] as const) {
      w.clock.set(at + minute * MINUTE);
      expect((await write(quote, who, text)).statusCode).toBe(201);
    }
    const mails = (await quoteMails(w, quote._id)).filter((m) => m.dedupe_key.startsWith('quote-message:'));
    const window = Math.floor(at / (10 * MINUTE));
    expect(mails.map((m) => [m.to_address, m.subject, m.dedupe_key])).toEqual([
      ['boss@example.com', subject, `quote-message:${quote._id}:buyer-${window}:boss@example.com`],
      ['fay@example.com', subject, `quote-message:${quote._id}:seller-${window}:fay@example.com`],
      ['boss@example.com', subject, `quote-message:${quote._id}:buyer-${window + 1}:boss@example.com`],
      ['fay@example.com', subject, `quote-message:${quote._id}:seller-${window + 1}:fay@example.com`],
    ]);
    expect(w.t.app.mail.bodies(mails[0]?.content ?? '').text).toContain(
      "Fay Free wrote about the quote (messages within the next 10 minutes are not mailed again: read them on the quote's page):",
    );
    expect(w.t.app.mail.bodies(mails[0]?.content ?? '').text).toContain('First');
    expect(w.t.app.mail.bodies(mails[2]?.content ?? '').text).toContain('Next window');
    at += 12 * MINUTE;
  });

  it('lists quotes without their threads, with messageCount; one quote answers its thread', async () => {
    const quote = await requestQuote(w, w.free);
    for (let i = 0; i < 3; i++) expect((await write(quote, w.free, 'x'.repeat(2000))).statusCode).toBe(201);
    const list = await call(w.t.app, 'GET', '/api/quotes?pageSize=500', w.admin);
    const listed = list.json<QuoteSummary[]>();
    const mine = listed.find((q) => q._id === quote._id);
    expect(mine?.messageCount).toBe(3);
    expect(listed.every((q) => !('messages' in q))).toBe(true);
    // Three 2,000-character messages are not in the list's answer (its own text stays small).
    expect(list.body).not.toContain('x'.repeat(2000));
    const others = listed.filter((q) => q._id !== quote._id);
    expect(others.every((q) => q.messageCount >= 0)).toBe(true);
    const one: Quote = (await call(w.t.app, 'GET', `/api/quotes/${quote._id}`, w.free)).json();
    expect(one.messages.map((m) => [m.author, m.name, m.text.length])).toEqual([
      ['buyer', 'Fay Free', 2000],
      ['buyer', 'Fay Free', 2000],
      ['buyer', 'Fay Free', 2000],
    ]);
    const { messages: _thread, ...rest } = one;
    expect(mine).toEqual({ ...rest, messageCount: 3 });
  });
});
