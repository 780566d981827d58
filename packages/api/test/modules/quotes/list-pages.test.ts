// GET /api/quotes at a year of requests (B2B §10), both databases: 12,000 quotes written in bulk over 2025, two in
// three the company's (a member sees those and their own, an outsider only theirs, the admin all), and one in thirty
// asked by a member without the company (before joining: theirs, not the company's), then pages read back in the
// exact order, with a status filter, past the end, and bad paging refused; on SQLite, which plans without statistics,
// each list is read along its index (migrations/024, 026) rather than sorted.
import type { Quote } from '@kestrel/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyWorld, type CompanyWorld } from '../orders/company-ordering/fixtures.js';
import { databases } from '../../helpers/databases.js';
import { listQuotes, listQuotesQuery, type QuoteListFilter } from '../../../src/modules/quotes/repository.js';
import { call, type SignedIn } from '../../helpers/test-app.js';

const QUOTES = 12_000;
const STATUSES = ['requested', 'declined', 'cancelled', 'offered'] as const;
const YEAR_START = Date.parse('2025-01-01T00:00:00.000Z');
/** 12,000 requests spread over the year: one every 43 minutes. */
const STEP_MS = 43 * 60 * 1000;

interface Seeded {
  number: string;
  /** Who asked: the company's free buyer (for the company, or `alone` before joining), the outsider, or the owner. */
  by: 'free' | 'alone' | 'outsider' | 'owner';
  status: (typeof STATUSES)[number];
}

/** Quote i (1-based), oldest first: who asked it and its status follow i, so the test can say what each page holds. */
function seeded(i: number): Seeded {
  const by = i % 3 === 0 ? 'outsider' : i % 30 === 4 ? 'alone' : i % 3 === 1 ? 'free' : 'owner';
  return { number: `Q-2025-${String(i).padStart(6, '0')}`, by, status: STATUSES[i % STATUSES.length] ?? 'requested' };
}

const id = (prefix: string, i: number) => `${prefix}${i.toString(16).padStart(24 - prefix.length, '0')}`;

describe.each(databases)('the quotes list in pages on %s', (kind) => {
  let w: CompanyWorld;
  const list = async (who: SignedIn, query: string) => {
    const res = await call(w.t.app, 'GET', `/api/quotes${query}`, who);
    expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
    return res.json<Quote[]>().map((q) => q.number);
  };
  /** The numbers a caller sees, newest first, of the seeded quotes that `keep` keeps. */
  const expected = (keep: (s: Seeded) => boolean) => {
    const numbers: string[] = [];
    for (let i = QUOTES; i >= 1; i -= 1) if (keep(seeded(i))) numbers.push(seeded(i).number);
    return numbers;
  };

  beforeAll(async () => {
    w = await createCompanyWorld(kind, { paymentTerms: 'card', creditLimitCents: null });
    const people = {
      free: { user: w.free, companyId: w.companyId },
      alone: { user: w.free, companyId: null },
      outsider: { user: w.outsider, companyId: null },
      owner: { user: w.owner, companyId: w.companyId },
    };
    const emailOf = async (user: SignedIn) => (await call(w.t.app, 'GET', '/api/auth/me', user)).json().email;
    const emails = {
      free: await emailOf(w.free),
      alone: await emailOf(w.free),
      outsider: await emailOf(w.outsider),
      owner: await emailOf(w.owner),
    };
    for (let from = 1; from <= QUOTES; from += 500) {
      const quotes = [];
      const lines = [];
      for (let i = from; i < from + 500 && i <= QUOTES; i += 1) {
        const s = seeded(i);
        const at = new Date(YEAR_START + i * STEP_MS).toISOString();
        quotes.push({
          id: id('a', i),
          number: s.number,
          user_id: people[s.by].user.id,
          email: emails[s.by],
          user_name: s.by,
          company_id: people[s.by].companyId,
          status: s.status,
          note: null,
          // An offer that still holds, so it lists as offered whatever day the test runs.
          valid_until: s.status === 'offered' ? '2099-01-01T00:00:00.000Z' : null,
          order_id: null,
          reason: null,
          created_at: at,
          updated_at: at,
        });
        lines.push({
          quote_id: id('a', i),
          line_no: 1,
          product_id: w.cpu,
          sku: 'KC-CPU-1',
          name: 'CPU',
          quantity: 10 + (i % 7),
          list_unit_price_cents: 1000,
          target_price_cents: null,
          unit_price_cents: s.status === 'offered' ? 900 : null,
        });
      }
      await w.t.app.db.insertInto('quotes').values(quotes).execute();
      await w.t.app.db.insertInto('quote_lines').values(lines).execute();
    }
  }, 120_000);
  afterAll(() => w.t.close());

  it("answers the admin's first 500, newest first, without paging parameters (as before)", async () => {
    const all = expected(() => true);
    expect(await list(w.admin, '')).toEqual(all.slice(0, 500));
  });

  it('pages the whole year exactly, for the admin, a member and an outsider, and answers [] past the end', async () => {
    const all = expected(() => true);
    expect(await list(w.admin, '?page=3&pageSize=50')).toEqual(all.slice(100, 150));
    expect(await list(w.admin, '?page=240&pageSize=50')).toEqual(all.slice(11_950, 12_000));
    expect((await list(w.admin, '?page=240&pageSize=50')).at(-1)).toBe('Q-2025-000001');
    expect(await list(w.admin, '?page=241&pageSize=50')).toEqual([]);

    // A member reads their own (with those asked before joining) and the company's: every page of 500, joined, is the
    // whole of it once. The owner sees the company's, not what the buyer asked alone.
    const readAll = async (who: SignedIn) => {
      const pages: string[] = [];
      for (let page = 1; ; page += 1) {
        const numbers = await list(who, `?page=${page}&pageSize=500`);
        pages.push(...numbers);
        if (numbers.length < 500) return pages;
      }
    };
    const theirs = expected((s) => s.by !== 'outsider');
    expect(await readAll(w.free)).toEqual(theirs);
    expect(theirs).toHaveLength(8_000);
    const company = expected((s) => s.by === 'free' || s.by === 'owner');
    expect(await readAll(w.owner)).toEqual(company);
    expect(company).toHaveLength(7_600);
    expect(await list(w.free, '?page=7&pageSize=50')).toEqual(theirs.slice(300, 350));
    expect(await list(w.free, '?page=160&pageSize=50')).toEqual(theirs.slice(7_950, 8_000));
    expect(await list(w.free, '?page=161&pageSize=50')).toEqual([]);
    expect(await list(w.free, '?page=1000000&pageSize=500')).toEqual([]);
    expect(await list(w.owner, '?page=1000000&pageSize=500')).toEqual([]);
    expect(await list(w.outsider, '?page=2&pageSize=100')).toEqual(
      expected((s) => s.by === 'outsider').slice(100, 200),
    );
  });

  it('pages within a status filter', async () => {
    const requested = expected((s) => s.status === 'requested');
    expect(await list(w.admin, '?status=requested&page=2&pageSize=20')).toEqual(requested.slice(20, 40));
    const offeredToCompany = expected((s) => s.status === 'offered' && (s.by === 'free' || s.by === 'owner'));
    expect(await list(w.owner, '?status=offered&page=5&pageSize=25')).toEqual(offeredToCompany.slice(100, 125));
    const requestedByTheirs = expected((s) => s.status === 'requested' && s.by !== 'outsider');
    expect(await list(w.free, '?status=requested&page=3&pageSize=40')).toEqual(requestedByTheirs.slice(80, 120));
    // The last page and the one past it: the member's count keeps the filter's own meaning.
    expect(requestedByTheirs).toHaveLength(2_000);
    expect(await list(w.free, '?status=requested&page=50&pageSize=40')).toEqual(requestedByTheirs.slice(1_960));
    expect(await list(w.free, '?status=requested&page=51&pageSize=40')).toEqual([]);
  });

  it("past a member's last page, runs only the two counts, not the walks", async () => {
    // transformResult runs once for each query executed (transformQuery also for each subquery built).
    const ran: number[] = [];
    const db = w.t.app.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        ran.push(args.result.rows.length);
        return args.result;
      },
    });
    const filter = { userId: w.free.id, companyId: w.companyId, status: null, at: new Date().toISOString() };
    const theirs = expected((s) => s.by !== 'outsider');
    const page = async (offset: number) =>
      (await listQuotes(db, { ...filter, limit: 500, offset })).map((q) => q.number);
    expect(await page(500 * 999_999)).toEqual([]);
    expect(ran).toEqual([1, 1]); // the two counts, one row each
    ran.length = 0;
    expect(await page(7_500)).toEqual(theirs.slice(7_500));
    expect(ran).toEqual([1, 1, 500]); // the counts, then the page
    ran.length = 0;
    // Near the start the walks are cheaper than counting: no counts.
    expect(await page(4_500)).toEqual(theirs.slice(4_500, 5_000));
    expect(ran).toEqual([500]);
  });

  it.runIf(kind === 'sqlite')('reads each list along its index, sorting no more than a page', async () => {
    const plan = async (f: Partial<QuoteListFilter>) => {
      const filter = {
        userId: null,
        companyId: null,
        status: null,
        at: new Date().toISOString(),
        limit: 50,
        offset: 0,
      };
      const compiled = listQuotesQuery(w.t.app.db, { ...filter, ...f }).compile();
      const { rows } = await w.t.app.db.executeQuery<{ detail: string }>({
        ...compiled,
        sql: `EXPLAIN QUERY PLAN ${compiled.sql}`,
      });
      return rows.map((r) => r.detail).join('\n');
    };
    const admin = await plan({ offset: 10_000 });
    expect(admin).toMatch(/SCAN quotes USING COVERING INDEX quotes_created_id/);
    expect(admin).not.toMatch(/TEMP B-TREE/);
    const requested = await plan({ status: 'requested' });
    expect(requested).toMatch(/SEARCH quotes USING COVERING INDEX quotes_status_created_id \(status=\?\)/);
    expect(requested).not.toMatch(/TEMP B-TREE/);
    const expired = await plan({ status: 'expired' });
    expect(expired).toMatch(/quotes_status_created_id \(status=\?\)/);
    expect(expired).toMatch(/quotes_offered_valid \(status=\? AND valid_until<\?\)/);
    // A member's two walks stop at the page's end; what is sorted is at most offset + limit of each.
    const member = await plan({ userId: w.free.id, companyId: w.companyId });
    expect(member).toMatch(/SEARCH quotes USING COVERING INDEX quotes_personal_created_id \(user_id=\?\)/);
    expect(member).toMatch(/SEARCH quotes USING COVERING INDEX quotes_company_created_id \(company_id=\?\)/);
    expect(member).not.toMatch(/SCAN quotes/);
  });

  it('refuses a bad page or page size with 400 and says which', async () => {
    for (const [query, message] of [
      ['?page=0', 'page must be a whole number from 1'],
      ['?page=x', 'page must be a whole number from 1'],
      ['?page=1.5', 'page must be a whole number from 1'],
      ['?pageSize=0', 'pageSize must be a whole number from 1 to 500'],
      ['?pageSize=501', 'pageSize must be a whole number from 1 to 500'],
      ['?pageSize=ten', 'pageSize must be a whole number from 1 to 500'],
    ]) {
      const res = await call(w.t.app, 'GET', `/api/quotes${query}`, w.admin);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ error: { code: 'validation_error', message } });
    }
  });
});
