// SQL of quotes (B2B §10): the quote rows, their lines and messages, the lists, and each transition as one update
// guarded by the status it starts from (and, from `offered`, by validUntil still ahead), so of two callers at once
// exactly one changes a quote and the other finds it changed (409). Every function takes the executor it runs on: a
// transaction when the change goes with its mail and webhook event (the outboxes).
import { userRolesWith, type QuoteMessageAuthor, type QuoteStatus } from '@kestrel/shared';
import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { Database, QuoteLinesTable, QuoteMessagesTable, QuotesTable } from '../../infra/db/schema.js';

type Executor = Kysely<Database>;

export type QuoteRow = Selectable<QuotesTable> & { company_name: string | null };
export type QuoteLineRow = Selectable<QuoteLinesTable>;
export type QuoteMessageRow = Selectable<QuoteMessagesTable>;

function quotesWithCompany(db: Executor) {
  return db
    .selectFrom('quotes as q')
    .leftJoin('companies as c', 'c.id', 'q.company_id')
    .selectAll('q')
    .select('c.name as company_name');
}

export function findQuote(db: Executor, id: string): Promise<QuoteRow | undefined> {
  return quotesWithCompany(db).where('q.id', '=', id).executeTakeFirst();
}

export interface QuoteListFilter {
  /** null: every quote (admins); else the quotes this user asked without a company. */
  userId: string | null;
  /** The caller's company now: its quotes, whoever asked them (members). */
  companyId: string | null;
  status: QuoteStatus | null;
  /** Now, ISO: an `offered` quote past its valid_until lists as expired. */
  at: string;
  limit: number;
  offset: number;
}

/** The quotes a status filter keeps: an offer past validUntil counts as `expired`, not `offered`. */
function withStatus<Q extends SelectQueryBuilder<Database, 'quotes', object>>(query: Q, f: QuoteListFilter): Q {
  const { status, at } = f;
  if (status === null) return query;
  if (status === 'offered') return query.where('status', '=', 'offered').where('valid_until', '>', at) as Q;
  if (status !== 'expired') return query.where('status', '=', status) as Q;
  return query.where((eb) =>
    eb.or([eb('status', '=', 'expired'), eb.and([eb('status', '=', 'offered'), eb('valid_until', '<=', at)])]),
  ) as Q;
}

/**
 * From this offset a member's page first counts their list: past its end each walk would run through all of the
 * company's quotes only to answer nothing (a hostile `?page=1000000`: 27 ms on SQLite's one thread, 75 on PostgreSQL
 * at 66,667 of them), where the two index counts take 7 and 15. Below it the walks are cheaper than the counts.
 */
const COUNT_FIRST_FROM_OFFSET = 5_000;

/**
 * Newest first, by (created_at, id), each way read along an index that holds that order (migrations/024, 026), so a
 * page stops after offset + limit quotes instead of sorting all of them. A member sees their personal quotes and
 * their company's (quote-access.ts; not the quotes they asked in a company they have left): an OR that neither
 * database reads in order, so it is two ordered walks of at most offset + limit each (disjoint: one has no company,
 * the other one), merged, before the page is cut from them.
 */
export async function listQuotes(db: Executor, f: QuoteListFilter): Promise<QuoteRow[]> {
  // The admin's one walk is cut by the database itself, past the end or not.
  const member = f.userId;
  if (member !== null && f.offset >= COUNT_FIRST_FROM_OFFSET && f.offset >= (await countMemberQuotes(db, member, f))) {
    return [];
  }
  return listQuotesQuery(db, f).execute();
}

/** How many quotes a member's list holds: their personal ones and, in a company, the company's. */
async function countMemberQuotes(db: Executor, userId: string, f: QuoteListFilter): Promise<number> {
  const count = (query: ReturnType<typeof withStatus>) =>
    query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const own = count(
    withStatus(db.selectFrom('quotes').where('user_id', '=', userId).where('company_id', 'is', null), f),
  );
  const company =
    f.companyId === null
      ? { n: 0 }
      : count(withStatus(db.selectFrom('quotes').where('company_id', '=', f.companyId), f));
  const [a, b] = await Promise.all([own, company]);
  return Number(a.n) + Number(b.n);
}

/** The list's query, for its plan in tests. */
export function listQuotesQuery(db: Executor, f: QuoteListFilter) {
  const quotes = () => withStatus(db.selectFrom('quotes').select(['id', 'created_at']), f);
  /**
   * A member's way in: ordered and cut inside, so each database reads it along its index and stops. The admin's one
   * way is left unordered: both databases merge it into the page's query, whose ORDER BY and LIMIT then choose the
   * index (PostgreSQL plans an ordered subquery for all its rows, and sorted every quote of a status).
   */
  const walk = (query: ReturnType<typeof quotes>, stopsAtPage: boolean) =>
    db
      .selectFrom(
        (stopsAtPage
          ? query
              .orderBy('created_at', 'desc')
              .orderBy('id', 'desc')
              .limit(f.offset + f.limit)
          : query
        ).as('walk'),
      )
      .select(['walk.id', 'walk.created_at']);
  const { userId, companyId } = f;
  let ways =
    userId === null
      ? walk(quotes(), false)
      : walk(quotes().where('user_id', '=', userId).where('company_id', 'is', null), true);
  if (userId !== null && companyId !== null) {
    ways = ways.unionAll(walk(quotes().where('company_id', '=', companyId), true));
  }
  const page = ways.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(f.limit).offset(f.offset);
  // CROSS JOIN keeps SQLite to this order (the page, then its quotes by id): as an inner join, with no statistics, it
  // preferred walking every quote in list order to probe the page. PostgreSQL plans it as any join.
  return db
    .selectFrom(page.as('page'))
    .crossJoin('quotes as q')
    .whereRef('q.id', '=', 'page.id')
    .leftJoin('companies as c', 'c.id', 'q.company_id')
    .selectAll('q')
    .select('c.name as company_name')
    .orderBy('page.created_at', 'desc')
    .orderBy('page.id', 'desc');
}

export async function linesOfQuotes(db: Executor, ids: string[]): Promise<QuoteLineRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('quote_lines')
    .selectAll()
    .where('quote_id', 'in', ids)
    .orderBy('quote_id')
    .orderBy('line_no')
    .execute();
}

export async function messagesOfQuotes(db: Executor, ids: string[]): Promise<QuoteMessageRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('quote_messages')
    .selectAll()
    .where('quote_id', 'in', ids)
    .orderBy('quote_id')
    .orderBy('id')
    .execute();
}

/** How many messages each of these quotes' threads holds (the list's `messageCount`). */
export async function messageCounts(db: Executor, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('quote_messages')
    .select((eb) => ['quote_id', eb.fn.countAll<number | string>().as('n')])
    .where('quote_id', 'in', ids)
    .groupBy('quote_id')
    .execute();
  return new Map(rows.map((r) => [r.quote_id, Number(r.n)]));
}

/** How many messages one side has written in a quote's thread. */
export async function countMessagesBySide(db: Executor, quoteId: string, author: QuoteMessageAuthor): Promise<number> {
  const row = await db
    .selectFrom('quote_messages')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('quote_id', '=', quoteId)
    .where('author', '=', author)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** When one person wrote their messages after `since` (every quote), oldest first, at most `limit` (migration 026). */
export function messageTimesOf(
  db: Executor,
  userId: string,
  since: string,
  limit: number,
): Promise<Array<{ at: string }>> {
  return db
    .selectFrom('quote_messages')
    .select('at')
    .where('user_id', '=', userId)
    .where('at', '>', since)
    .orderBy('at')
    .limit(limit)
    .execute();
}

export async function insertQuote(trx: Executor, quote: Selectable<QuotesTable>, lines: QuoteLineRow[]): Promise<void> {
  await trx.insertInto('quotes').values(quote).execute();
  await trx.insertInto('quote_lines').values(lines).execute();
}

export async function insertMessage(trx: Executor, message: QuoteMessageRow): Promise<void> {
  await trx.insertInto('quote_messages').values(message).execute();
}

/** Touches the quote (a message is a change of it); answers whether it exists. */
export async function touchQuote(trx: Executor, id: string, at: string): Promise<boolean> {
  const result = await trx.updateTable('quotes').set({ updated_at: at }).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface StatusChange {
  id: string;
  /** The statuses it may start from; `offered` only while valid_until is after `at`. */
  from: readonly QuoteStatus[];
  to: QuoteStatus;
  at: string;
  set?: Partial<Pick<QuotesTable, 'valid_until' | 'reason' | 'order_id'>>;
}

/** The guarded update of a transition; answers whether it changed the quote (false: it was not in `from`). */
export async function changeStatus(trx: Executor, c: StatusChange): Promise<boolean> {
  const others = c.from.filter((s) => s !== 'offered');
  const result = await trx
    .updateTable('quotes')
    .set({ ...c.set, status: c.to, updated_at: c.at })
    .where('id', '=', c.id)
    .where((eb) => {
      const allowed = [];
      if (others.length > 0) allowed.push(eb('status', 'in', others));
      if (c.from.includes('offered'))
        allowed.push(eb.and([eb('status', '=', 'offered'), eb('valid_until', '>', c.at)]));
      return eb.or(allowed);
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setOrderId(trx: Executor, id: string, orderId: string): Promise<void> {
  await trx.updateTable('quotes').set({ order_id: orderId }).where('id', '=', id).execute();
}

/** The offer's unit prices, by line. */
export async function priceLines(trx: Executor, id: string, cents: Map<number, number>): Promise<void> {
  for (const [lineNo, unit] of cents) {
    await trx
      .updateTable('quote_lines')
      .set({ unit_price_cents: unit })
      .where('quote_id', '=', id)
      .where('line_no', '=', lineNo)
      .execute();
  }
}

/** Offers past their validUntil that no one has marked expired yet, oldest first (the expiry job's walk). */
export function dueToExpire(db: Executor, at: string, limit: number): Promise<Array<{ id: string }>> {
  return db
    .selectFrom('quotes')
    .select('id')
    .where('status', '=', 'offered')
    .where('valid_until', '<=', at)
    .orderBy('valid_until')
    .limit(limit)
    .execute();
}

/** Marks one offer expired if it still is an offer past its validUntil; answers whether this call did. */
export async function markExpired(trx: Executor, id: string, at: string): Promise<boolean> {
  const result = await trx
    .updateTable('quotes')
    .set({ status: 'expired', updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'offered')
    .where('valid_until', '<=', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The shop's mailboxes for quotes: quote requests, acceptances, declines and buyers' messages go to every member of
 * staff who handles quotes (quotes.manage: administrators and sales, B2B §15).
 */
export function adminMailboxes(db: Executor): Promise<Array<{ email: string; name: string }>> {
  return db
    .selectFrom('users')
    .select(['email', 'name'])
    .where('role', 'in', userRolesWith('quotes.manage'))
    .orderBy('id')
    .execute();
}
