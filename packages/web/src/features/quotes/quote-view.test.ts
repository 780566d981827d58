import { describe, expect, it } from 'vitest';
import type { Quote } from '@kestrel/shared';
import {
  acceptedMessage,
  buyerSteps,
  differenceFromList,
  effectiveStatus,
  lastValidDay,
  lineTotal,
  messagesLeft,
  parsePrice,
  quoteQuantityProblem,
  sellerSteps,
  validUntilOfDay,
} from './quote-view';

const NOW = Date.parse('2026-11-27T10:00:00.000Z');

const quote = (overrides: Partial<Quote> = {}): Quote => ({
  _id: '0123456789abcdef01234567',
  number: 'Q-2026-000001',
  status: 'requested',
  lines: [
    {
      productId: '0123456789abcdef01234568',
      sku: 'KC-BRK-1',
      name: 'Bracket',
      quantity: 1000,
      listUnitPrice: 4.2,
      targetPrice: 3.9,
      unitPrice: null,
    },
  ],
  note: null,
  messages: [],
  companyId: null,
  email: 'buyer@kestrel.test',
  validUntil: null,
  orderId: null,
  createdAt: '2026-11-26T10:00:00.000Z',
  updatedAt: '2026-11-26T10:00:00.000Z',
  userName: 'Bea Buyer',
  companyName: null,
  offeredTotal: null,
  listTotal: 4200,
  reason: null,
  ...overrides,
});

describe('a quote as the screens read it', () => {
  it('reads an offer past its validity as expired, and only an offer', () => {
    const offered = quote({ status: 'offered', validUntil: '2026-11-27T09:59:59.000Z' });
    expect(effectiveStatus(offered, NOW)).toBe('expired');
    expect(effectiveStatus({ ...offered, validUntil: '2026-11-28T00:00:00.000Z' }, NOW)).toBe('offered');
    expect(effectiveStatus({ ...offered, status: 'accepted' }, NOW)).toBe('accepted');
  });

  it('lets the buyer accept or decline a live offer and cancel while requested or offered; viewers nothing', () => {
    const live = quote({ status: 'offered', validUntil: '2026-12-01T00:00:00.000Z' });
    expect(buyerSteps(live, false, NOW)).toEqual({ accept: true, decline: true, cancel: true });
    expect(buyerSteps(live, true, NOW)).toEqual({ accept: false, decline: false, cancel: false });
    expect(buyerSteps(quote(), false, NOW)).toEqual({ accept: false, decline: false, cancel: true });
    const lapsed = quote({ status: 'offered', validUntil: '2026-11-01T00:00:00.000Z' });
    expect(buyerSteps(lapsed, false, NOW)).toEqual({ accept: false, decline: false, cancel: false });
  });

  it('lets the shop offer while requested or offered, and reject only a request', () => {
    expect(sellerSteps(quote(), NOW)).toEqual({ offer: true, reject: true });
    expect(sellerSteps(quote({ status: 'offered', validUntil: '2026-12-01T00:00:00.000Z' }), NOW)).toEqual({
      offer: true,
      reject: false,
    });
    expect(sellerSteps(quote({ status: 'declined' }), NOW)).toEqual({ offer: false, reject: false });
  });

  it('says an offered price against the list price in words, exactly in cents', () => {
    expect(differenceFromList(4.2, 3.8)).toBe('9.5% below list ($0.40 less)');
    expect(differenceFromList(4.2, 4.2)).toBe('at the list price');
    expect(differenceFromList(0.1, 0.12)).toBe('20.0% above list ($0.02 more)');
    expect(lineTotal(3, 0.1)).toBe(0.3);
    expect(lineTotal(1000, 3.85)).toBe(3850);
  });

  it('keeps the minimum and pack size but no upper bound on a quote quantity', () => {
    expect(quoteQuantityProblem(100, 10, 1_000_000)).toBeNull();
    expect(quoteQuantityProblem(100, 10, 90)).toBe('the minimum is 100');
    expect(quoteQuantityProblem(100, 10, 105)).toBe('order in packs of 10');
    expect(quoteQuantityProblem(100, 10, 10.5)).toBe('quantity must be a whole number');
  });

  it('reads typed prices: positive dollars with at most two decimals', () => {
    expect(parsePrice('3.95')).toBe(3.95);
    expect(parsePrice(' $4 ')).toBe(4);
    for (const bad of ['0', '-1', '3.955', 'abc', '']) expect(parsePrice(bad)).toBeNull();
  });

  it('turns a chosen day into the end of that day (UTC), from today to 90 days ahead', () => {
    expect(validUntilOfDay('2026-11-27', NOW)).toBe('2026-11-27T23:59:59.000Z');
    expect(validUntilOfDay('2026-11-26', NOW)).toBeNull();
    expect(lastValidDay(NOW)).toBe('2027-02-25');
    // The 90th day's end would pass 90 days from now: capped to exactly that.
    expect(validUntilOfDay('2027-02-25', NOW)).toBe('2027-02-25T10:00:00.000Z');
    expect(validUntilOfDay('2027-02-26', NOW)).toBeNull();
    expect(validUntilOfDay('not a day', NOW)).toBeNull();
  });

  it("tells the buyer whether the accepted quote's order waits for approval or for a card", () => {
    expect(acceptedMessage({ number: 'SO-2026-000009', status: 'awaiting_approval', paymentTerms: 'card' })).toBe(
      "Offer accepted: order SO-2026-000009 is placed and awaits approval by your company's owner before it can be paid.",
    );
    expect(acceptedMessage({ number: 'SO-2026-000009', status: 'pending', paymentTerms: 'card' })).toBe(
      'Offer accepted: order SO-2026-000009 is placed. Pay it by card to confirm it.',
    );
    expect(acceptedMessage({ number: 'SO-2026-000009', status: 'confirmed', paymentTerms: 'account' })).toBe(
      'Offer accepted: order SO-2026-000009 is placed and confirmed on account.',
    );
  });
});

describe('messagesLeft', () => {
  const message = (author: 'buyer' | 'seller') => ({ author, name: 'A', text: 'x', at: '2026-11-27T10:00:00.000Z' });
  it('counts down from 100 per side, each side on its own, and stops at 0', () => {
    const thread = [...Array<number>(99)].map(() => message('buyer'));
    expect(messagesLeft({ messages: [] }, 'buyer')).toBe(100);
    expect(messagesLeft({ messages: [...thread, message('seller')] }, 'buyer')).toBe(1);
    expect(messagesLeft({ messages: [...thread, message('seller')] }, 'seller')).toBe(99);
    expect(messagesLeft({ messages: [...thread, message('buyer'), message('buyer')] }, 'buyer')).toBe(0);
  });
});
