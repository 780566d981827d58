// The sandbox card rules: each docs/product.md §6 test card and format failure gives its exact message.
import { describe, expect, it } from 'vitest';
import { evaluateCard, normalizeCardNumber, passesLuhn } from '../../../src/modules/payments/card-rules.js';

const NOW = new Date('2026-11-21T20:00:00Z');
const card = (cardNumber: string, overrides: Partial<{ expMonth: number; expYear: number; cvc: string }> = {}) =>
  evaluateCard({ cardNumber, expMonth: 12, expYear: 30, cvc: '123', ...overrides }, NOW);

describe('evaluateCard', () => {
  it('charges 4242 4242 4242 4242 and keeps only its last four digits', () => {
    expect(card('4242 4242 4242 4242')).toEqual({ ok: true, last4: '4242' });
    expect(card('4242-4242-4242-4242', { expYear: 2031 })).toEqual({ ok: true, last4: '4242' });
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'card_declined', 'Your card has insufficient funds.'],
    ['4000 0000 0000 0069', 'expired_card', 'Your card has expired.'],
    ['4000 0000 0000 0127', 'incorrect_cvc', "Your card's security code is incorrect."],
    ['4242 4242 4242 4241', 'incorrect_number', 'Your card number is invalid.'],
    ['4242 4242', 'incorrect_number', 'Your card number is invalid.'],
    ['4242 4242 4242 424x', 'incorrect_number', 'Your card number is invalid.'],
    ['', 'incorrect_number', 'Your card number is invalid.'],
  ])('%s fails with %s: %s', (number, code, message) => {
    expect(card(number)).toEqual({ ok: false, error: expect.objectContaining({ code, message }) });
  });

  it('tells insufficient funds apart from a generic decline by decline_code', () => {
    expect(card('4000000000009995')).toEqual({
      ok: false,
      error: { code: 'card_declined', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    });
  });

  it('treats a card as valid through the end of its expiry month (UTC)', () => {
    expect(card('4242424242424242', { expMonth: 11, expYear: 26 })).toEqual({ ok: true, last4: '4242' });
    const past = "Your card's expiration date is in the past.";
    expect(card('4242424242424242', { expMonth: 10, expYear: 26 })).toMatchObject({
      ok: false,
      error: { message: past },
    });
    expect(card('4242424242424242', { expMonth: 12, expYear: 2025 })).toMatchObject({
      ok: false,
      error: { message: past },
    });
  });

  it('checks the expiry month and year before the scripted outcome', () => {
    expect(card('4000000000000002', { expMonth: 13 })).toMatchObject({
      error: { message: "Your card's expiration month is invalid." },
    });
    expect(card('4242424242424242', { expMonth: 0 })).toMatchObject({
      error: { message: "Your card's expiration month is invalid." },
    });
    expect(card('4242424242424242', { expYear: 2099 })).toMatchObject({
      error: { message: "Your card's expiration year is invalid." },
    });
  });

  it('wants three CVC digits, four for American Express', () => {
    const invalid = { ok: false, error: { code: 'invalid_cvc', message: "Your card's security code is invalid." } };
    expect(card('4242424242424242', { cvc: '12' })).toEqual(invalid);
    expect(card('4242424242424242', { cvc: '1234' })).toEqual(invalid);
    expect(card('4242424242424242', { cvc: 'abc' })).toEqual(invalid);
    expect(card('3782 822463 10005', { cvc: '1234' })).toEqual({ ok: true, last4: '0005' });
    expect(card('3782 822463 10005', { cvc: '123' })).toEqual(invalid);
  });

  it('declines a Luhn-valid number that is not a test card, as Stripe test mode does', () => {
    expect(card('4111 1111 1111 1111')).toEqual({
      ok: false,
      error: { code: 'card_declined', declineCode: 'test_mode_live_card', message: 'Your card was declined.' },
    });
  });
});

describe('passesLuhn and normalizeCardNumber', () => {
  it('computes the Luhn checksum', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
    expect(passesLuhn('')).toBe(false);
  });

  it('accepts spaces and dashes, 12 to 19 digits, nothing else', () => {
    expect(normalizeCardNumber(' 4242 4242-4242 4242 ')).toBe('4242424242424242');
    expect(normalizeCardNumber('42424242424')).toBeNull();
    expect(normalizeCardNumber('42424242424242424242')).toBeNull();
    expect(normalizeCardNumber('4242.4242.4242.4242')).toBeNull();
  });
});
