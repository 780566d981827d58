// The quote tests' world (B2B §10): issue #25's company world (an owner, a buyer limited to $100, a buyer without a
// limit, a viewer, an outsider, the admin, a $10 CPU with 100,000 in stock, a webhook endpoint for every event) on an
// app whose quote clock the test moves, plus a part sold in packs (minimum 100, packs of 10, at most 500 an order, 1,000
// in stock, cheaper from 200).
import type { Quote } from '@kestrel/shared';
import { expect } from 'vitest';
import { GEAR, createCompanyWorld, type CompanyWorld } from '../orders/company-ordering/fixtures.js';
import type { DatabaseKind } from '../../helpers/databases.js';
import { addProduct, call, type SignedIn } from '../../helpers/test-app.js';

export const where = { phone: '+1 555 0100', address: '1 Dock Road' };
export const DAY = 24 * 60 * 60 * 1000;

export interface QuoteClock {
  now: () => number;
  /** Moves the quotes' clock (validUntil, expiry) to this moment; null: back to the real time. */
  set(at: number | null): void;
}

export function createQuoteClock(): QuoteClock {
  let fixed: number | null = null;
  return { now: () => fixed ?? Date.now(), set: (at) => (fixed = at) };
}

export interface QuoteWorld extends CompanyWorld {
  clock: QuoteClock;
  /** Minimum 100, packs of 10, maxQuantity 500, 1,000 in stock, $20.00, $18.50 from 200. */
  gear: string;
}

export async function createQuoteWorld(
  kind: DatabaseKind,
  terms: { paymentTerms: 'card' | 'net15' | 'net30' | 'net60'; creditLimitCents: number | null } = {
    paymentTerms: 'card',
    creditLimitCents: null,
  },
): Promise<QuoteWorld> {
  const clock = createQuoteClock();
  const w = await createCompanyWorld(kind, terms, { quotes: { now: clock.now } });
  const gear = await addProduct(w.t.app, w.admin, GEAR);
  return { ...w, clock, gear };
}

/** Asks for a quote as `who`; answers the quote. */
export async function requestQuote(
  w: QuoteWorld,
  who: SignedIn,
  lines: Array<{ productId: string; quantity: number; targetPrice?: number }> = [{ productId: w.cpu, quantity: 50 }],
  note?: string,
): Promise<Quote> {
  const res = await call(w.t.app, 'POST', '/api/quotes', who, { lines, ...(note ? { note } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The admin offers `unitPrice` for every line of the quote, valid for `days` days from the quotes' clock. */
export async function offerQuote(w: QuoteWorld, quote: Quote, unitPrice = 7.25, days = 30, message?: string) {
  const res = await call(w.t.app, 'POST', `/api/quotes/${quote._id}/offer`, w.admin, {
    lines: quote.lines.map((l) => ({ productId: l.productId, unitPrice })),
    validUntil: new Date(w.clock.now() + days * DAY).toISOString(),
    ...(message ? { message } : {}),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Quote>();
}

/** A quote of `who` in the status asked, through the calls that lead there. */
export async function quoteIn(w: QuoteWorld, who: SignedIn, status: 'requested' | 'offered'): Promise<Quote> {
  const quote = await requestQuote(w, who);
  return status === 'requested' ? quote : offerQuote(w, quote);
}

export function quoteMails(w: QuoteWorld, quoteId: string) {
  return w.t.app.db
    .selectFrom('mail_outbox')
    .select(['kind', 'to_address', 'subject', 'dedupe_key', 'content'])
    .where('dedupe_key', 'like', `quote-%:${quoteId}:%`)
    .orderBy('id')
    .execute();
}

export async function quoteEvents(w: QuoteWorld, quoteId: string): Promise<string[]> {
  const rows = await w.t.app.db
    .selectFrom('webhook_messages')
    .select(['type', 'body'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.filter((r) => r.body.includes(quoteId)).map((r) => r.type);
}
