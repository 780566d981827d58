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

  it('reads the range from the address, completing it as the API does', () => {
    const now = Date.parse('2026-03-31T12:00:00Z');
    const read = (query: string) => rangeFromQuery(new URLSearchParams(query), now);
    expect(read('from=2026-01-01&to=2026-01-31')).toEqual({
      range: { from: '2026-01-01', to: '2026-01-31' },
      errors: {},
    });
    expect(read('')).toEqual({ range: defaultRange(now), errors: {} });
    expect(read('from=2026-03-20')).toEqual({ range: { from: '2026-03-20', to: '2026-03-31' }, errors: {} });
    expect(read('to=2026-01-31')).toEqual({ range: { from: '2026-01-02', to: '2026-01-31' }, errors: {} });
  });

  it('keeps a range the API would refuse, with what is wrong with it', () => {
    const now = Date.parse('2026-03-31T12:00:00Z');
    const read = (query: string) => rangeFromQuery(new URLSearchParams(query), now);
    expect(read('from=2026-02-01&to=2026-01-31')).toEqual({
      range: { from: '2026-02-01', to: '2026-01-31' },
      errors: { from: 'The first day must not be after the last day' },
    });
    expect(read('from=2026-02-30&to=2026-03-05').errors).toEqual({
      from: 'Enter the first day, for example 2026-03-01',
    });
    expect(read('to=2026-02-30')).toEqual({
      range: { from: '2026-03-02', to: '2026-02-30' },
      errors: { to: 'Enter the last day, for example 2026-03-31' },
    });
    expect(read('from=2025-01-01').errors).toEqual({ to: 'The range may be at most 366 days; this one is 455' });
  });

  it('holds both days to 2000-01-01 .. 2099-12-31, as the API does, and starts a default range no earlier', () => {
    const now = Date.parse('2026-03-31T12:00:00Z');
    const read = (query: string) => rangeFromQuery(new URLSearchParams(query), now);
    expect(read('to=0000-01-01').errors).toEqual({ to: 'The last day must be from 2000-01-01 to 2099-12-31' });
    expect(read('from=1999-12-31&to=2000-01-05').errors).toEqual({
      from: 'The first day must be from 2000-01-01 to 2099-12-31',
    });
    expect(read('from=2099-12-31&to=2100-01-01').errors).toEqual({
      to: 'The last day must be from 2000-01-01 to 2099-12-31',
    });
    expect(read('from=2000-01-01&to=2000-01-01').errors).toEqual({});
    expect(read('to=2000-01-10')).toEqual({ range: { from: '2000-01-01', to: '2000-01-10' }, errors: {} });
  });
});
