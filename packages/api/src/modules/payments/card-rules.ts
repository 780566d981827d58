// The sandbox processor's card rules: pure functions, so every outcome is decided in one place and unit-tested.
// They mirror Stripe's test mode: format checks first (number, expiry, CVC), then the test card's scripted outcome.
import { cardMessages } from '@kestrel/shared';

export interface CardInput {
  cardNumber: string;
  expMonth: number;
  /** Two digits (YY, read as 20YY) or four. */
  expYear: number;
  cvc: string;
}

export interface CardDecline {
  code: string;
  declineCode?: string;
  message: string;
}

export type CardOutcome = { ok: true; last4: string } | { ok: false; error: CardDecline };

/** Test cards with a scripted decline, keyed by their digits (docs/product.md §6). */
const declines: Record<string, CardDecline> = {
  '4000000000000002': { code: 'card_declined', declineCode: 'generic_decline', message: cardMessages.declined },
  '4000000000009995': {
    code: 'card_declined',
    declineCode: 'insufficient_funds',
    message: cardMessages.insufficientFunds,
  },
  '4000000000000069': { code: 'expired_card', message: cardMessages.expired },
  '4000000000000127': { code: 'incorrect_cvc', message: cardMessages.incorrectCvc },
};

/** Test cards that succeed: Stripe's Visa, Visa debit, Mastercard (both ranges) and American Express numbers. */
const successes = new Set([
  '4242424242424242',
  '4000056655665556',
  '5555555555554444',
  '2223003122003222',
  '378282246310005',
]);

/** Spaces and dashes are how people type card numbers; anything else makes the number invalid. */
export function normalizeCardNumber(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(digits) ? digits : null;
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** A card is good through the last day of its expiry month, so only earlier months (UTC) are past. */
function expiryProblem(month: number, year: number, now: Date): CardDecline | null {
  const fullYear = year < 100 ? 2000 + year : year;
  if (month < 1 || month > 12) return { code: 'invalid_expiry_month', message: cardMessages.invalidExpiryMonth };
  const thisYear = now.getUTCFullYear();
  if (fullYear < 2000 || fullYear > thisYear + 50) {
    return { code: 'invalid_expiry_year', message: cardMessages.invalidExpiryYear };
  }
  const thisMonth = now.getUTCMonth() + 1;
  if (fullYear < thisYear || (fullYear === thisYear && month < thisMonth)) {
    return { code: 'invalid_expiry_year', message: cardMessages.expiryPast };
  }
  return null;
}

export function evaluateCard(card: CardInput, now: Date): CardOutcome {
  const digits = normalizeCardNumber(card.cardNumber);
  if (!digits || !passesLuhn(digits)) {
    return { ok: false, error: { code: 'incorrect_number', message: cardMessages.invalidNumber } };
  }
  const expiry = expiryProblem(card.expMonth, card.expYear, now);
  if (expiry) return { ok: false, error: expiry };
  // American Express numbers (34/37) carry a four-digit code, every other brand three.
  const cvcLength = /^3[47]/.test(digits) ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim())) {
    return { ok: false, error: { code: 'invalid_cvc', message: cardMessages.invalidCvc } };
  }
  const scripted = declines[digits];
  if (scripted) return { ok: false, error: scripted };
  // Like Stripe's test mode, a real (non-test) number is declined: the sandbox never pretends to charge a real card.
  if (!successes.has(digits)) {
    return {
      ok: false,
      error: { code: 'card_declined', declineCode: 'test_mode_live_card', message: cardMessages.declined },
    };
  }
  return { ok: true, last4: digits.slice(-4) };
}
