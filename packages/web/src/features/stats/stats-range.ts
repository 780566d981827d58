// The range picker's rules, the same as the API's (B2B §8, docs/product.md "Admin stats"): whole UTC days, both
// included, at most MAX_STATS_DAYS; the last DEFAULT_STATS_DAYS days by default.
import { DEFAULT_STATS_DAYS, MAX_STATS_DAYS } from '@kestrel/shared';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const isDay = (text: string) => DAY.test(text) && dayOf(Date.parse(`${text}T00:00:00Z`)) === text;

export interface StatsRange {
  from: string;
  to: string;
}

export function defaultRange(now = Date.now()): StatsRange {
  return { from: dayOf(now - (DEFAULT_STATS_DAYS - 1) * DAY_MS), to: dayOf(now) };
}

/** What is wrong with a range, field by field (empty when it may be asked). */
export function rangeErrors({ from, to }: StatsRange): { from?: string; to?: string } {
  if (!isDay(from)) return { from: 'Enter the first day, for example 2026-03-01' };
  if (!isDay(to)) return { to: 'Enter the last day, for example 2026-03-31' };
  if (from > to) return { from: 'The first day must not be after the last day' };
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  if (days > MAX_STATS_DAYS) return { to: `The range may be at most ${MAX_STATS_DAYS} days; this one is ${days}` };
  return {};
}

/** The range in the page's address, or the default when it has none or a bad one. */
export function rangeFromQuery(query: URLSearchParams, now = Date.now()): StatsRange {
  const asked = { from: query.get('from') ?? '', to: query.get('to') ?? '' };
  return Object.keys(rangeErrors(asked)).length === 0 ? asked : defaultRange(now);
}
