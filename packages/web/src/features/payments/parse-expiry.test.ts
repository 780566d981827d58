import { describe, expect, it } from 'vitest';
import { formatExpiryInput, parseExpiry } from './parse-expiry';

describe('parseExpiry', () => {
  it('reads the forms people type', () => {
    expect(parseExpiry('12 / 30')).toEqual({ month: 12, year: 30 });
    expect(parseExpiry('04/27')).toEqual({ month: 4, year: 27 });
    expect(parseExpiry('0427')).toEqual({ month: 4, year: 27 });
    expect(parseExpiry(' 7 / 2031 ')).toEqual({ month: 7, year: 2031 });
  });

  it('answers null for text that is not an expiry', () => {
    expect(parseExpiry('')).toBeNull();
    expect(parseExpiry('12')).toBeNull();
    expect(parseExpiry('ab / cd')).toBeNull();
    expect(parseExpiry('12 / 301')).toBeNull();
  });
});

describe('formatExpiryInput', () => {
  it('inserts the separator after the month and keeps four digits at most', () => {
    expect(formatExpiryInput('1')).toBe('1');
    expect(formatExpiryInput('12')).toBe('12');
    expect(formatExpiryInput('123')).toBe('12 / 3');
    expect(formatExpiryInput('12 / 305')).toBe('12 / 30');
  });
});
