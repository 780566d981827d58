import { describe, expect, it } from 'vitest';
import { defaultRange, rangeErrors, rangeFromQuery } from './stats-range';

describe('the stats range picker', () => {
  it('defaults to the last 30 days, today (UTC) included', () => {
    expect(defaultRange(Date.parse('2026-03-31T23:59:59Z'))).toEqual({ from: '2026-03-02', to: '2026-03-31' });
  });

  it('names what is wrong', () => {
    expect(rangeErrors({ from: '', to: '2026-03-01' })).toEqual({
      from: 'Enter the first day, for example 2026-03-01',
    });
    expect(rangeErrors({ from: '2026-02-30', to: '2026-03-01' }).from).toMatch(/first day/);
    expect(rangeErrors({ from: '2026-03-02', to: '2026-03-01' })).toEqual({
      from: 'The first day must not be after the last day',
    });
    expect(rangeErrors({ from: '2025-03-01', to: '2026-03-01' })).toEqual({});
    expect(rangeErrors({ from: '2025-02-28', to: '2026-03-01' })).toEqual({
      to: 'The range may be at most 366 days; this one is 367',
    });
  });

  it('reads the range from the address, or falls back to the default', () => {
    const now = Date.parse('2026-03-31T12:00:00Z');
    expect(rangeFromQuery(new URLSearchParams('from=2026-01-01&to=2026-01-31'), now)).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(rangeFromQuery(new URLSearchParams('from=2026-02-01&to=2026-01-31'), now)).toEqual(defaultRange(now));
  });
});
