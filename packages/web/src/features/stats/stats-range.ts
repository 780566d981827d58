// The range picker's rules, the same as the API's (B2B §8, docs/product.md "Admin stats"): whole UTC days, both
// included, at most MAX_STATS_DAYS, from STATS_FIRST_DAY to STATS_LAST_DAY; the last DEFAULT_STATS_DAYS days by default.
import { DEFAULT_STATS_DAYS, MAX_STATS_DAYS, STATS_FIRST_DAY, STATS_LAST_DAY } from '@kestrel/shared';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);
const isDay = (text: string) => DAY.test(text) && dayOf(Date.parse(`${text}T00:00:00Z`)) === text;
const inYears = (day: string) => day >= STATS_FIRST_DAY && day <= STATS_LAST_DAY;
const years = `from ${STATS_FIRST_DAY} to ${STATS_LAST_DAY}`;

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
  if (!inYears(from)) return { from: `The first day must be ${years}` };
  if (!inYears(to)) return { to: `The last day must be ${years}` };
  if (from > to) return { from: 'The first day must not be after the last day' };
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  if (days > MAX_STATS_DAYS) return { to: `The range may be at most ${MAX_STATS_DAYS} days; this one is ${days}` };
  return {};
}

export interface AskedRange {
  range: StatsRange;
  /** What is wrong with it, as rangeErrors says (empty when it may be asked). */
  errors: { from?: string; to?: string };
}

/**
 * The range in the page's address, completed as the API completes it: `to` is today (UTC) when missing, `from` the
 * DEFAULT_STATS_DAYS days ending on `to` (never before STATS_FIRST_DAY). A range the API would refuse comes back with its errors, for the page to
 * say so rather than quietly show other days.
 */
export function rangeFromQuery(query: URLSearchParams, now = Date.now()): AskedRange {
  const to = query.get('to') ?? dayOf(now);
  const end = isDay(to) ? Date.parse(`${to}T00:00:00Z`) : now;
  const earliest = dayOf(end - (DEFAULT_STATS_DAYS - 1) * DAY_MS);
  const from = query.get('from') ?? (earliest < STATS_FIRST_DAY ? STATS_FIRST_DAY : earliest);
  const range = { from, to };
  return { range, errors: rangeErrors(range) };
}
