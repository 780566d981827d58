// How the storefront reads a quote (B2B §10): its status as of now (an offer past its validity reads as expired, as
// the API treats it from that moment), the steps each side may take, and the money: each line against the list price
// and the totals, in integer cents so nothing is rounded away.
import {
  MAX_QUOTE_MESSAGES_PER_SIDE,
  MAX_QUOTE_VALID_DAYS,
  QUOTE_ACCEPTABLE_STATUSES,
  QUOTE_CANCELLABLE_STATUSES,
  QUOTE_OFFERABLE_STATUSES,
  QUOTE_REJECTABLE_STATUSES,
  type Order,
  type Quote,
  type QuoteStatus,
} from '@kestrel/shared';

const cents = (dollars: number) => Math.round(dollars * 100);
const DAY_MS = 86_400_000;

/** The status as it stands at `now`: an offer past `validUntil` is expired before any job notices. */
export function effectiveStatus(quote: Pick<Quote, 'status' | 'validUntil'>, now = Date.now()): QuoteStatus {
  if (quote.status === 'offered' && quote.validUntil && Date.parse(quote.validUntil) <= now) return 'expired';
  return quote.status;
}

/** What a buyer (the requester, or an owner or buyer of the company; not a viewer) may do with the quote now. */
export function buyerSteps(quote: Quote, readOnly: boolean, now = Date.now()) {
  const status = effectiveStatus(quote, now);
  return {
    accept: !readOnly && QUOTE_ACCEPTABLE_STATUSES.includes(status),
    decline: !readOnly && QUOTE_ACCEPTABLE_STATUSES.includes(status),
    cancel: !readOnly && QUOTE_CANCELLABLE_STATUSES.includes(status),
  };
}

/** How many more messages one side may write in the quote's thread (the API's per-side bound, issue 47). */
export function messagesLeft(quote: Pick<Quote, 'messages'>, side: 'buyer' | 'seller'): number {
  const written = quote.messages.filter((m) => m.author === side).length;
  return Math.max(0, MAX_QUOTE_MESSAGES_PER_SIDE - written);
}

/** What an administrator may do: offer (or offer again, replacing the old offer), or reject a request. */
export function sellerSteps(quote: Quote, now = Date.now()) {
  const status = effectiveStatus(quote, now);
  return { offer: QUOTE_OFFERABLE_STATUSES.includes(status), reject: QUOTE_REJECTABLE_STATUSES.includes(status) };
}

/** An offered unit price against the list price, in words: "9.52% below list ($0.40 less)", "at the list price". */
export function differenceFromList(listUnitPrice: number, unitPrice: number): string {
  const list = cents(listUnitPrice);
  const offered = cents(unitPrice);
  const delta = offered - list;
  if (delta === 0) return 'at the list price';
  const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Math.abs(delta) / 100);
  const percent = list > 0 ? `${((Math.abs(delta) / list) * 100).toFixed(1)}% ` : '';
  return delta < 0 ? `${percent}below list (${dollars} less)` : `${percent}above list (${dollars} more)`;
}

/** A line's total in dollars at a unit price (integer cents inside). */
export function lineTotal(quantity: number, unitPrice: number): number {
  return (cents(unitPrice) * quantity) / 100;
}

/**
 * The quantity rule of a quote line (B2B §10): §2's minimum and pack size, but no upper bound: a quote may ask for a
 * production run beyond the stock and the maximum order. Null when the quantity is fine.
 */
export function quoteQuantityProblem(min: number, packSize: number, quantity: number): string | null {
  if (!Number.isInteger(quantity) || quantity < 1) return 'quantity must be a whole number';
  if (quantity < min) return `the minimum is ${min}`;
  if (quantity % packSize !== 0) return `order in packs of ${packSize}`;
  return null;
}

/** A target or offered price as typed: a positive amount of dollars with at most 2 decimals, else null. */
export function parsePrice(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '');
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value > 0 ? value : null;
}

/** Today as a date field's YYYY-MM-DD (UTC), the first day an offer may be valid until. */
export function todayDay(now = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** The default validity an administrator is offered: 30 days from today, as a date field's YYYY-MM-DD (UTC). */
export function defaultValidUntilDay(now = Date.now()): string {
  return new Date(now + 30 * DAY_MS).toISOString().slice(0, 10);
}

/** The last day a date field accepts: MAX_QUOTE_VALID_DAYS (90) from now (B2B §10), as YYYY-MM-DD (UTC). */
export function lastValidDay(now = Date.now()): string {
  return new Date(now + MAX_QUOTE_VALID_DAYS * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A date field's day as the moment an offer is valid until: the end of that day in UTC, sent as ISO. Refused (null)
 * when the day is not after today or is beyond 90 days from now.
 */
export function validUntilOfDay(day: string, now = Date.now()): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const end = Date.parse(`${day}T23:59:59.000Z`);
  if (Number.isNaN(end) || end <= now) return null;
  // The end of the 90th day could pass "within 90 days" by some hours: cap it at exactly 90 days from now.
  const cap = now + MAX_QUOTE_VALID_DAYS * DAY_MS;
  if (Date.parse(`${day}T00:00:00.000Z`) > cap) return null;
  return new Date(Math.min(end, cap)).toISOString();
}

/** What the buyer is told once accepting placed the order: whether it waits for an owner's approval or for a card. */
export function acceptedMessage(order: Pick<Order, 'number' | 'status' | 'paymentTerms'> | null): string {
  if (!order) return 'Offer accepted: the order is placed.';
  const placed = `Offer accepted: order ${order.number} is placed`;
  if (order.status === 'awaiting_approval') {
    return `${placed} and awaits approval by your company's owner before it can be paid.`;
  }
  if (order.status === 'pending') return `${placed}. Pay it by card to confirm it.`;
  if (order.paymentTerms === 'account') return `${placed} and confirmed on account.`;
  return `${placed}.`;
}
