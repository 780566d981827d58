// Quotes (B2B §10, issue #29): a buyer asks for a price for some lines, the shop offers unit prices valid until a
// moment, the buyer accepts (an order at those prices), declines or cancels; the shop may reject a request. Each
// change is one transaction guarded by the status it starts from (repository.ts changeStatus), with its mail and its
// webhook event in it (the outboxes). An offer past its validUntil is `expired` from that moment: every answer says so
// and every transition from it is refused, before the expiry job (expiry-job.ts) marks it and mails the requester.
//
// Who may do what (quote-access.ts): a company's quote is seen by that company's members now and administrators, a
// personal quote by its requester; to anyone else it does not exist (404), as orders (orders/ownership.ts). "The
// buyer's side" (accept, decline, cancel, write as the buyer) is the company's owners and buyers (or the requester of a
// personal quote); a viewer reads only (403, companies/roles.ts). Offering and rejecting are the administrators' (403
// to the buyer's side). The thread is bounded per side and per writer, and mailed as a digest (addMessage).
import { changedFields, recordAudit, type AuditContext } from '../audit/index.js';
import {
  MAX_QUOTE_MESSAGES_PER_SIDE,
  MAX_QUOTE_VALID_DAYS,
  MAX_ORDER_TOTAL_CENTS,
  QUOTES_LIST_LIMIT,
  QUOTE_MESSAGE_MAIL_MINUTES,
  QUOTE_MESSAGE_RATE,
  QUOTE_ACCEPTABLE_STATUSES,
  can,
  QUOTE_CANCELLABLE_STATUSES,
  QUOTE_OFFERABLE_STATUSES,
  QUOTE_REJECTABLE_STATUSES,
  orderingMessages,
  packMessage,
  quoteMessages,
  unitPriceCents,
  type Quote,
  type QuoteAccept,
  type QuoteMessageAuthor,
  type QuoteStatus,
  type QuoteSummary,
  type QuotesQuery,
} from '@kestrel/shared';
import type { Transaction } from 'kysely';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import { newId } from '../../infra/db/ids.js';
import type { Database } from '../../infra/db/schema.js';
import { AppError, RetryLaterError, forbidden, notFound } from '../../infra/errors.js';
import { centsToDollars, dollarsToCents, sumCents } from '../../infra/money.js';
import type { AuthUser } from '../accounts/index.js';
import type { CatalogService } from '../catalog/index.js';
import { findMembership, ownerEmails } from '../companies/index.js';
import type { ContractPricesService } from '../contract-prices/index.js';
import type { MailService, OutgoingMail, QuoteMail } from '../mail/index.js';
import { takeNextNumber } from '../../infra/db/year-counters.js';
import type { LineRequest, OrdersService } from '../orders/index.js';
import type { WebhooksService } from '../webhooks/index.js';
import { inQuoteCompany, quoteAccess, type QuoteAccess } from './quote-access.js';
import * as repo from './repository.js';

export interface NewQuoteLine {
  productId: string;
  quantity: number;
  targetPrice?: number | null | undefined;
}

export interface QuoteOfferInput {
  lines: Array<{ productId: string; unitPrice: number }>;
  validUntil: string;
  message?: string | undefined;
}

export interface QuotesService {
  create(user: AuthUser, lines: NewQuoteLine[], note: string | undefined): Promise<Quote>;
  /** The cart's lines as a quote request; the cart is emptied of them (they come back if the request is refused). */
  createFromCart(user: AuthUser, note: string | undefined): Promise<Quote>;
  /** Newest first, one page (`page` from 1), without threads; the defaults answer the first QUOTES_LIST_LIMIT. */
  list(user: AuthUser, query: QuotesQuery): Promise<QuoteSummary[]>;
  get(user: AuthUser, id: string): Promise<Quote>;
  /** Offering and rejecting are the shop's: `audit` is the staff caller or key, recorded in the change's transaction. */
  offer(user: AuthUser, id: string, offer: QuoteOfferInput, audit: AuditContext | null): Promise<Quote>;
  accept(user: AuthUser, id: string, details: QuoteAccept): Promise<Quote>;
  decline(user: AuthUser, id: string, reason: string | undefined): Promise<Quote>;
  cancel(user: AuthUser, id: string): Promise<Quote>;
  reject(user: AuthUser, id: string, reason: string, audit: AuditContext | null): Promise<Quote>;
  addMessage(user: AuthUser, id: string, text: string): Promise<Quote>;
  /** One run of the expiry job: marks offers past validUntil expired and mails their requesters, each once. */
  expireDue(signal?: AbortSignal): Promise<{ expired: number }>;
}

export interface QuotesDeps {
  database: OpenDatabase;
  catalog: Pick<CatalogService, 'itemsByIds'>;
  orders: Pick<OrdersService, 'placeAtPrices'>;
  /** The cart's lines, taken for a quote request and put back if it is refused (modules/cart). */
  cart: { spend<T>(user: AuthUser, use: (lines: LineRequest[]) => Promise<T>): Promise<T> };
  mail: Pick<MailService, 'enqueue' | 'wake'>;
  webhooks: Pick<WebhooksService, 'subscribers' | 'event' | 'insert' | 'wake'>;
  /** Contract prices (B2B §5): a member's list unit price is what the cart would charge them. */
  contractPrices?: Pick<ContractPricesService, 'forOrder'>;
  /** The clock of validUntil and expiry (tests move it). */
  now?: () => number;
}

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Offers the expiry job handles per pass; the next pass (a minute later) takes the rest. */
const EXPIRY_BATCH = 500;

export function formatQuoteNumber(year: number, sequence: number): string {
  return `Q-${year}-${String(sequence).padStart(6, '0')}`;
}

const STATUS_WORDS: Record<QuoteStatus, string> = {
  requested: 'awaiting an offer',
  offered: 'offered',
  accepted: 'accepted',
  declined: 'declined',
  cancelled: 'cancelled',
  rejected: 'rejected',
  expired: 'expired',
};

function invalidTransition(status: QuoteStatus, action: string): AppError {
  if (status === 'expired') return new AppError(409, 'quote_expired', quoteMessages.expired);
  return new AppError(409, 'invalid_transition', `A quote that is ${STATUS_WORDS[status]} cannot be ${action}`);
}

/** The status as it holds at `at`: an offer past its validUntil is expired from that moment. */
export function effectiveStatus(row: Pick<repo.QuoteRow, 'status' | 'valid_until'>, at: string): QuoteStatus {
  return row.status === 'offered' && row.valid_until !== null && row.valid_until <= at ? 'expired' : row.status;
}

export function toQuote(
  row: repo.QuoteRow,
  lines: repo.QuoteLineRow[],
  messages: repo.QuoteMessageRow[],
  at: string,
): Quote {
  const { messageCount: _count, ...quote } = toQuoteSummary(row, lines, messages.length, at);
  return { ...quote, messages: messages.map((m) => ({ author: m.author, name: m.name, text: m.text, at: m.at })) };
}

/** A quote as the list answers it: everything but the thread, and how long the thread is. */
export function toQuoteSummary(
  row: repo.QuoteRow,
  lines: repo.QuoteLineRow[],
  messageCount: number,
  at: string,
): QuoteSummary {
  const priced = lines.every((l) => l.unit_price_cents !== null);
  return {
    _id: row.id,
    number: row.number,
    status: effectiveStatus(row, at),
    lines: lines.map((l) => ({
      productId: l.product_id,
      sku: l.sku,
      name: l.name,
      quantity: Number(l.quantity),
      listUnitPrice: centsToDollars(Number(l.list_unit_price_cents)),
      targetPrice: l.target_price_cents === null ? null : centsToDollars(Number(l.target_price_cents)),
      unitPrice: l.unit_price_cents === null ? null : centsToDollars(Number(l.unit_price_cents)),
    })),
    note: row.note,
    companyId: row.company_id,
    email: row.email,
    validUntil: row.valid_until,
    orderId: row.order_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    userName: row.user_name,
    companyName: row.company_name,
    offeredTotal:
      priced && lines.length > 0
        ? centsToDollars(Number(sumCents(lines.map((l) => Number(l.unit_price_cents) * Number(l.quantity)))))
        : null,
    listTotal: centsToDollars(Number(sumCents(lines.map((l) => Number(l.list_unit_price_cents) * Number(l.quantity))))),
    reason: row.reason,
    messageCount,
  };
}

/** A refusal of a quote's lines, naming every bad one (the shape of an order's, B2B §3). */
function linesRefused(problems: Array<{ index: number; productId: string; message: string }>): AppError {
  return new AppError(400, 'quote_lines_invalid', 'Some lines of the quote cannot be asked for', { lines: problems });
}

export function createQuotesService(deps: QuotesDeps): QuotesService {
  const { database, catalog, orders, cart, mail, webhooks } = deps;
  const { db } = database;
  const now = deps.now ?? Date.now;
  const iso = () => new Date(now()).toISOString();

  async function answer(executor: typeof db, row: repo.QuoteRow, at = iso()): Promise<Quote> {
    const [lines, messages] = await Promise.all([
      repo.linesOfQuotes(executor, [row.id]),
      repo.messagesOfQuotes(executor, [row.id]),
    ]);
    return toQuote(row, lines, messages, at);
  }

  async function reread(executor: typeof db, id: string): Promise<Quote> {
    const row = await repo.findQuote(executor, id);
    if (!row) throw notFound('Quote');
    return answer(executor, row);
  }

  /** The quote's mail to one recipient: the requester's side reads it on their quote page, the shop on its own. */
  function quoteMail(
    row: repo.QuoteRow,
    lines: repo.QuoteLineRow[],
    to: { email: string; name: string },
    audience: QuoteMail['audience'],
    event: QuoteMail['event'],
    dedupe: string,
    extra: Partial<QuoteMail>,
  ): OutgoingMail {
    return {
      to: to.email,
      dedupeKey: `quote-${event}:${row.id}:${dedupe}:${to.email}`,
      content: {
        kind: 'quote',
        data: {
          event,
          quoteId: row.id,
          quoteNumber: row.number,
          recipientName: to.name,
          audience,
          buyerName: row.user_name,
          buyerEmail: row.email,
          companyName: row.company_name,
          lineCount: lines.length,
          totalCents: null,
          validUntil: null,
          orderNumber: null,
          text: null,
          author: null,
          ...extra,
        },
      },
    };
  }

  /** To every administrator (requested, accepted, declined, a buyer's message), in the change's transaction. */
  async function mailAdmins(
    trx: Transaction<Database>,
    row: repo.QuoteRow,
    lines: repo.QuoteLineRow[],
    event: QuoteMail['event'],
    dedupe: string,
    extra: Partial<QuoteMail> = {},
  ): Promise<void> {
    for (const admin of await repo.adminMailboxes(trx)) {
      await mail.enqueue(trx, quoteMail(row, lines, admin, 'seller', event, dedupe, extra));
    }
  }

  /**
   * To the buyer's side (offered, rejected, expired, the shop's message), in the change's transaction: the requester
   * while they may still read the quote (quote-access.ts), else the company's owners now, so a requester removed from
   * the company hears nothing more of its quote (issue 47).
   */
  async function mailRequester(
    trx: Transaction<Database>,
    row: repo.QuoteRow,
    lines: repo.QuoteLineRow[],
    event: QuoteMail['event'],
    dedupe: string,
    extra: Partial<QuoteMail> = {},
  ): Promise<void> {
    const requester = { email: row.email, name: row.user_name };
    const companyId = row.company_id;
    const gone = companyId !== null && !inQuoteCompany(row, await findMembership(trx, row.user_id));
    const recipients = gone ? await ownerEmails(trx, companyId) : [requester];
    for (const to of recipients) await mail.enqueue(trx, quoteMail(row, lines, to, 'buyer', event, dedupe, extra));
  }

  /** Records a quote event in the change's own transaction, when an endpoint wants it. */
  async function recordEvent(trx: Transaction<Database>, type: string, id: string): Promise<boolean> {
    const endpointIds = await webhooks.subscribers(type, trx);
    if (endpointIds.length === 0) return false;
    await webhooks.insert(trx, webhooks.event(type, await reread(trx, id), endpointIds));
    return true;
  }

  interface Access extends QuoteAccess {
    row: repo.QuoteRow;
  }

  /**
   * The caller's rights on a quote as of now (quote-access.ts): `executor` is the transaction of a change that must
   * decide it again under its own claim (accept). A personal quote needs no membership.
   */
  async function rightsOn(executor: typeof db, user: AuthUser, row: repo.QuoteRow): Promise<QuoteAccess> {
    const membership = row.company_id === null ? undefined : await findMembership(executor, user.id);
    return quoteAccess(row, user, membership);
  }

  /** The quote as `user` may see it; 404 to anyone who may not. */
  async function access(user: AuthUser, id: string): Promise<Access> {
    const row = await repo.findQuote(db, id);
    if (!row) throw notFound('Quote');
    const rights = await rightsOn(db, user, row);
    if (!rights.sees) throw notFound('Quote');
    return { ...rights, row };
  }

  /** Refuses whoever may not act as the buyer: a viewer 403, an administrator outside the company 403. */
  function requireBuyerSide(a: QuoteAccess): void {
    if (a.viewer) throw forbidden(quoteMessages.viewerRefusal);
    if (!a.buyerSide) throw forbidden('Only the buyer who asked for this quote, or their company, can do this');
  }

  async function asBuyer(user: AuthUser, id: string): Promise<Access> {
    const a = await access(user, id);
    requireBuyerSide(a);
    return a;
  }

  async function asAdmin(user: AuthUser, id: string): Promise<repo.QuoteRow> {
    const a = await access(user, id);
    if (!a.admin) throw forbidden('Only the shop offers or rejects a quote');
    return a.row;
  }

  /**
   * Runs one transition: the guarded status change and what goes with it, in one transaction; when the guard finds
   * the quote no longer in a `from` status (another caller changed it, or the offer expired), 409 and nothing changed.
   */
  async function transition(
    id: string,
    change: Omit<repo.StatusChange, 'id' | 'at'>,
    action: string,
    also?: (trx: Transaction<Database>, row: repo.QuoteRow, at: string) => Promise<void>,
  ): Promise<Quote> {
    const at = iso();
    const changed = await db.transaction().execute(async (trx) => {
      if (!(await repo.changeStatus(trx, { ...change, id, at }))) return false;
      const row = await repo.findQuote(trx, id);
      if (!row) return false;
      await also?.(trx, row, at);
      return true;
    });
    if (!changed) {
      const row = await repo.findQuote(db, id);
      if (!row) throw notFound('Quote');
      throw invalidTransition(effectiveStatus(row, at), action);
    }
    mail.wake();
    return reread(db, id);
  }

  /**
   * The thread's bounds (docs/product.md §31): each side writes at most MAX_QUOTE_MESSAGES_PER_SIDE messages in one
   * quote (409), and one person at most QUOTE_MESSAGE_RATE.messages in any QUOTE_MESSAGE_RATE.minutes over all quotes
   * (429 with Retry-After: when the oldest of those leaves the window). Counted from the stored messages, so every
   * instance counts the same; two messages of one person to two quotes at the same instant may pass the rate by one.
   */
  async function requireRoomToWrite(
    trx: Transaction<Database>,
    quoteId: string,
    author: QuoteMessageAuthor,
    userId: string,
    nowMs: number,
  ): Promise<void> {
    if ((await repo.countMessagesBySide(trx, quoteId, author)) >= MAX_QUOTE_MESSAGES_PER_SIDE) {
      throw new AppError(409, 'quote_thread_full', quoteMessages.threadFull);
    }
    const windowMs = QUOTE_MESSAGE_RATE.minutes * MINUTE_MS;
    const since = new Date(nowMs - windowMs).toISOString();
    const recent = await repo.messageTimesOf(trx, userId, since, QUOTE_MESSAGE_RATE.messages);
    const oldest = recent[0];
    if (recent.length >= QUOTE_MESSAGE_RATE.messages && oldest) {
      const waitMs = Math.max(1000, Date.parse(oldest.at) + windowMs - nowMs);
      throw new RetryLaterError(Math.ceil(waitMs / 1000), quoteMessages.tooManyMessages(Math.ceil(waitMs / MINUTE_MS)));
    }
  }

  /** Refuses early what the guard would refuse anyway, with the status's own message. */
  function requireStatus(row: repo.QuoteRow, allowed: readonly QuoteStatus[], action: string): void {
    const status = effectiveStatus(row, iso());
    if (!allowed.includes(status)) throw invalidTransition(status, action);
  }

  async function create(user: AuthUser, lines: NewQuoteLine[], note: string | undefined): Promise<Quote> {
    const membership = await findMembership(db, user.id);
    if (membership?.role === 'viewer') throw forbidden(quoteMessages.viewerRefusal);
    const ids = lines.map((l) => l.productId);
    const [items, contract] = await Promise.all([
      catalog.itemsByIds(ids),
      membership ? deps.contractPrices?.forOrder(user.id, ids) : undefined,
    ]);
    const problems: Array<{ index: number; productId: string; message: string }> = [];
    const id = newId(now());
    const lineRows: repo.QuoteLineRow[] = [];
    lines.forEach((line, index) => {
      const item = items.get(line.productId);
      // B2B §10: the minimum and the pack size hold; the stock and maxQuantity do not (a production run).
      const message = !item
        ? orderingMessages.productNotFound
        : line.quantity < item.terms.minQuantity
          ? `quantity must be at least ${item.terms.minQuantity}`
          : line.quantity % item.terms.packSize !== 0
            ? packMessage(item.terms.packSize)
            : null;
      if (message !== null || !item) {
        problems.push({ index, productId: line.productId, message: message ?? orderingMessages.productNotFound });
        return;
      }
      lineRows.push({
        quote_id: id,
        line_no: index,
        product_id: item.id,
        sku: item.sku,
        name: item.name,
        quantity: line.quantity,
        list_unit_price_cents: unitPriceCents(item.terms, line.quantity, contract?.get(item.id)),
        target_price_cents: line.targetPrice == null ? null : dollarsToCents(line.targetPrice),
        unit_price_cents: null,
      });
    });
    if (problems.length > 0) throw linesRefused(problems);
    if (sumCents(lineRows.map((l) => l.list_unit_price_cents * l.quantity)) > BigInt(MAX_ORDER_TOTAL_CENTS)) {
      throw new AppError(400, 'order_total_too_large', orderingMessages.orderTotalTooLarge);
    }
    const at = iso();
    let evented = false;
    await db.transaction().execute(async (trx) => {
      const year = new Date(at).getUTCFullYear();
      const number = formatQuoteNumber(year, await takeNextNumber(trx, 'quote_counters', year));
      await repo.insertQuote(
        trx,
        {
          id,
          number,
          user_id: user.id,
          email: user.email,
          user_name: user.name,
          company_id: membership?.companyId ?? null,
          status: 'requested',
          note: note ?? null,
          valid_until: null,
          order_id: null,
          reason: null,
          created_at: at,
          updated_at: at,
        },
        lineRows,
      );
      const row = await repo.findQuote(trx, id);
      if (!row) throw new Error('a quote just written is not there');
      await mailAdmins(trx, row, lineRows, 'requested', 'new', { text: row.note });
      evented = await recordEvent(trx, 'quote.requested', id);
    });
    mail.wake();
    if (evented) webhooks.wake();
    return reread(db, id);
  }

  return {
    create,

    createFromCart: (user, note) =>
      cart.spend(user, (lines) =>
        create(
          user,
          lines.map((l) => ({ productId: l.productId, quantity: l.quantity })),
          note,
        ),
      ),

    async list(user, { status, page = 1, pageSize = QUOTES_LIST_LIMIT }) {
      const admin = can(user, 'quotes.manage');
      const at = iso();
      // quote-access.ts's rule as a filter: the caller's personal quotes and their company's now (admins: all).
      const rows = await repo.listQuotes(db, {
        userId: admin ? null : user.id,
        companyId: admin ? null : ((await findMembership(db, user.id))?.companyId ?? null),
        status: status ?? null,
        at,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      const ids = rows.map((r) => r.id);
      // The threads stay out of the list (GET /api/quotes/{id} answers them): a page costs its quotes' lines and one
      // count per quote, however long the threads (issue 47: 2,000 messages made every admin list 4.35 MB).
      const [lines, counts] = await Promise.all([repo.linesOfQuotes(db, ids), repo.messageCounts(db, ids)]);
      const linesBy = new Map<string, repo.QuoteLineRow[]>();
      for (const line of lines) {
        const of = linesBy.get(line.quote_id);
        if (of) of.push(line);
        else linesBy.set(line.quote_id, [line]);
      }
      return rows.map((r) => toQuoteSummary(r, linesBy.get(r.id) ?? [], counts.get(r.id) ?? 0, at));
    },

    async get(user, id) {
      return answer(db, (await access(user, id)).row);
    },

    async offer(user, id, offer, audit) {
      const row = await asAdmin(user, id);
      requireStatus(row, QUOTE_OFFERABLE_STATUSES, 'offered');
      const validUntil = new Date(offer.validUntil);
      const at = now();
      if (validUntil.getTime() <= at) throw new AppError(400, 'validation_error', quoteMessages.validUntilPast);
      if (validUntil.getTime() > at + MAX_QUOTE_VALID_DAYS * DAY_MS) {
        throw new AppError(400, 'validation_error', quoteMessages.validUntilTooFar);
      }
      const lines = await repo.linesOfQuotes(db, [id]);
      if (lines.some((l) => l.product_id === null)) {
        throw new AppError(409, 'product_gone', 'A product of this quote is no longer sold: reject it instead');
      }
      const byProduct = new Map(lines.map((l) => [l.product_id, l.line_no]));
      const prices = new Map<number, number>();
      for (const line of offer.lines) {
        const lineNo = byProduct.get(line.productId);
        if (lineNo === undefined || prices.has(lineNo)) {
          throw new AppError(400, 'validation_error', quoteMessages.offerLinesMismatch);
        }
        prices.set(lineNo, dollarsToCents(line.unitPrice));
      }
      if (prices.size !== lines.length) throw new AppError(400, 'validation_error', quoteMessages.offerLinesMismatch);
      const total = sumCents(lines.map((l) => (prices.get(l.line_no) ?? 0) * Number(l.quantity)));
      if (total > BigInt(MAX_ORDER_TOTAL_CENTS)) {
        throw new AppError(400, 'order_total_too_large', orderingMessages.orderTotalTooLarge);
      }
      const until = validUntil.toISOString();
      // Each offer mails the buyer once, a replacing offer too: its own id tells its mail apart (two offers in one
      // millisecond shared a timestamp, and the second mail was dropped as a repeat of the first).
      const offerId = newId(at);
      return transition(
        id,
        { from: QUOTE_OFFERABLE_STATUSES, to: 'offered', set: { valid_until: until } },
        'offered',
        async (trx, changed, changedAt) => {
          await repo.priceLines(trx, id, prices);
          if (offer.message) {
            await repo.insertMessage(trx, {
              id: newId(),
              quote_id: id,
              author: 'seller',
              user_id: user.id,
              name: user.name,
              text: offer.message,
              at: changedAt,
            });
          }
          await mailRequester(trx, changed, lines, 'offered', offerId, {
            totalCents: Number(total),
            validUntil: until,
            text: offer.message ?? null,
          });
          // Each line's unit price by SKU, in dollars: [the earlier offer's or null, this offer's].
          const unitPrices = (price: (l: repo.QuoteLineRow) => number | null) =>
            Object.fromEntries(lines.map((l) => [`lines.${l.sku}.unitPrice`, price(l)]));
          await recordAudit(trx, audit, {
            action: 'quote.offered',
            targetType: 'quote',
            targetId: id,
            summary: `Offered quote ${changed.number}: $${centsToDollars(Number(total)).toFixed(2)}`,
            changes: changedFields(
              {
                status: effectiveStatus(row, changedAt),
                validUntil: row.valid_until,
                ...unitPrices((l) => (l.unit_price_cents === null ? null : centsToDollars(Number(l.unit_price_cents)))),
              },
              {
                status: 'offered',
                validUntil: until,
                ...unitPrices((l) => centsToDollars(prices.get(l.line_no) ?? 0)),
              },
            ),
          });
        },
      );
    },

    async accept(user, id, details) {
      const { row, placeWith } = await asBuyer(user, id);
      requireStatus(row, QUOTE_ACCEPTABLE_STATUSES, 'accepted');
      const lines = await repo.linesOfQuotes(db, [id]);
      if (lines.some((l) => l.product_id === null)) {
        throw new AppError(409, 'product_gone', 'A product of this quote is no longer sold');
      }
      const priced = lines.map((l) => ({
        productId: l.product_id ?? '',
        quantity: Number(l.quantity),
        unitPriceCents: Number(l.unit_price_cents),
      }));
      let claimedAt = iso();
      try {
        // The order is the quote's company's (placeWith: the accepting member's membership in it), or personal for a
        // personal quote, never the company the accepting person happens to be in.
        await orders.placeAtPrices(user, placeWith, priced, details, id, {
          // First in the order's transaction: of two accepts at once, the second waits here for the first and then
          // finds the quote accepted (or, if the first was refused and rolled back, still offered).
          before: async (trx) => {
            claimedAt = iso();
            const claimed = await repo.changeStatus(trx, { id, from: ['offered'], to: 'accepted', at: claimedAt });
            if (!claimed) throw new QuoteChanged();
            // The claim holds the quote's row until this commits, and an offer prices the lines only after its own
            // guarded update of that row: the prices read now are the accepted offer's. A replacing offer that
            // committed after the prices above were read is refused here rather than charged at the old prices
            // (issue 47: the quote read $1.00 a unit while its order charged $0.10) or at prices nobody had read.
            const agreed = await repo.linesOfQuotes(trx, [id]);
            const same =
              agreed.length === lines.length &&
              agreed.every(
                (l, i) => l.unit_price_cents !== null && Number(l.unit_price_cents) === priced[i]?.unitPriceCents,
              );
            if (!same) throw new AppError(409, 'offer_changed', quoteMessages.offerChanged);
            // Membership decided again inside the claim: one removed or demoted since the check above places nothing.
            const current = await rightsOn(trx, user, row);
            requireBuyerSide(current);
            if (current.placeWith?.companyId !== placeWith?.companyId) throw notFound('Quote');
          },
          after: async (trx, placed) => {
            await repo.setOrderId(trx, id, placed.order.id);
            const changed = await repo.findQuote(trx, id);
            if (!changed) throw new Error('an accepted quote is not there');
            await mailAdmins(trx, changed, lines, 'accepted', 'order', {
              totalCents: Number(placed.order.total_cents),
              orderNumber: placed.order.number,
            });
            await recordEvent(trx, 'quote.accepted', id);
          },
        });
      } catch (error) {
        if (!(error instanceof QuoteChanged)) throw error;
        const current = await repo.findQuote(db, id);
        if (!current) throw notFound('Quote');
        throw invalidTransition(effectiveStatus(current, claimedAt), 'accepted');
      }
      return reread(db, id);
    },

    async decline(user, id, reason) {
      const { row } = await asBuyer(user, id);
      requireStatus(row, QUOTE_ACCEPTABLE_STATUSES, 'declined');
      const lines = await repo.linesOfQuotes(db, [id]);
      return transition(
        id,
        { from: ['offered'], to: 'declined', set: { reason: reason ?? null } },
        'declined',
        async (trx, changed) => {
          await mailAdmins(trx, changed, lines, 'declined', 'decision', { text: reason ?? null });
        },
      );
    },

    async cancel(user, id) {
      const { row } = await asBuyer(user, id);
      requireStatus(row, QUOTE_CANCELLABLE_STATUSES, 'cancelled');
      return transition(id, { from: QUOTE_CANCELLABLE_STATUSES, to: 'cancelled' }, 'cancelled');
    },

    async reject(user, id, reason, audit) {
      const row = await asAdmin(user, id);
      requireStatus(row, QUOTE_REJECTABLE_STATUSES, 'rejected');
      const lines = await repo.linesOfQuotes(db, [id]);
      return transition(
        id,
        { from: QUOTE_REJECTABLE_STATUSES, to: 'rejected', set: { reason } },
        'rejected',
        async (trx, changed, changedAt) => {
          await mailRequester(trx, changed, lines, 'rejected', 'decision', { text: reason });
          await recordAudit(trx, audit, {
            action: 'quote.rejected',
            targetType: 'quote',
            targetId: id,
            summary: `Rejected quote ${changed.number}: ${reason}`,
            changes: changedFields(
              { status: effectiveStatus(row, changedAt), reason: row.reason },
              { status: 'rejected', reason },
            ),
          });
        },
      );
    },

    async addMessage(user, id, text) {
      const a = await access(user, id);
      // The buyer's side writes as the buyer; an administrator (not the requester) as the seller; a viewer not at all.
      const author = a.buyerSide && !a.admin ? 'buyer' : a.admin ? 'seller' : undefined;
      if (author === undefined) throw forbidden(quoteMessages.viewerRefusal);
      const nowMs = now();
      const at = new Date(nowMs).toISOString();
      const messageId = newId();
      const lines = await repo.linesOfQuotes(db, [id]);
      await db.transaction().execute(async (trx) => {
        // The quote's row first (a message is a change of it): its lock orders the writers of one thread, so the count
        // of the side's messages below is exact on PostgreSQL too.
        if (!(await repo.touchQuote(trx, id, at))) throw notFound('Quote');
        await requireRoomToWrite(trx, id, author, user.id, nowMs);
        await repo.insertMessage(trx, {
          id: messageId,
          quote_id: id,
          author,
          user_id: user.id,
          name: user.name,
          text,
          at,
        });
        const row = await repo.findQuote(trx, id);
        if (!row) throw notFound('Quote');
        // A digest, not a mail per message: the first message of each side in a window of QUOTE_MESSAGE_MAIL_MINUTES
        // mails the other side; the rest of that window's messages share its dedupe key and queue nothing (the mail
        // says to read the thread).
        const window = `${author}-${Math.floor(nowMs / (QUOTE_MESSAGE_MAIL_MINUTES * MINUTE_MS))}`;
        const extra = { text, author: user.name };
        if (author === 'buyer') await mailAdmins(trx, row, lines, 'message', window, extra);
        else await mailRequester(trx, row, lines, 'message', window, extra);
      });
      mail.wake();
      return reread(db, id);
    },

    async expireDue(signal) {
      const at = iso();
      const due = await repo.dueToExpire(db, at, EXPIRY_BATCH);
      let expired = 0;
      for (const { id } of due) {
        if (signal?.aborted) break;
        const done = await db.transaction().execute(async (trx) => {
          if (!(await repo.markExpired(trx, id, at))) return false;
          const row = await repo.findQuote(trx, id);
          if (!row) return false;
          const lines = await repo.linesOfQuotes(trx, [id]);
          await mailRequester(trx, row, lines, 'expired', 'expired', { validUntil: row.valid_until });
          return true;
        });
        if (done) expired++;
      }
      if (expired > 0) mail.wake();
      return { expired };
    },
  };
}

/** Thrown inside an accept's transaction when the quote was no longer an open offer: it rolls the order back. */
class QuoteChanged extends Error {}
