// B2B §13's rules of one row of the tax-rate table, judged row by row so that a refused PUT names every bad row by its
// index: the country and region against the maintained lists the ship-to addresses use, the rate 0-30 with at most
// 3 decimals, the name 1-40 characters, and one row per country and region (a repeat is the later row's fault).
import { MAX_TAX_NAME_LENGTH, MAX_TAX_RATE, SINGLE_LINE_PATTERN, type TaxRateRowError } from '@kestrel/shared';
import { isCountryCode, regionCodesOf } from '@kestrel/shared/ship-to';
import { rateKey, type TaxRateRow } from './tax.js';

const COUNTRY_MESSAGE = 'country must be an ISO 3166-1 alpha-2 code in upper case, such as US or DE';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The rate in thousandths of a percent, or the problem. Decimals are counted on the number as sent (JSON's text of
 * 8.875 is exactly that), so 8.8751 is refused rather than rounded.
 */
function rateMilliOf(rate: unknown): number | string {
  if (typeof rate !== 'number' || !Number.isFinite(rate)) return 'rate must be a number (a percentage)';
  if (rate < 0 || rate > MAX_TAX_RATE) return `rate must be a percentage from 0 to ${MAX_TAX_RATE}`;
  const milli = Math.round(rate * 1000);
  if (Math.abs(milli - rate * 1000) > 1e-6) return 'rate must have at most 3 decimals';
  return milli;
}

/**
 * A region is taken where the ship-to address's region is itself a checked code (US states, Canadian provinces):
 * elsewhere it is free text an order's region could not be matched with.
 */
function regionProblem(country: string, region: string): string | null {
  const codes = regionCodesOf(country);
  if (!codes)
    return `region is taken only for countries whose addresses carry a checked region (US, CA), not ${country}`;
  if (!codes.includes(region)) {
    return `region must be a ${country === 'US' ? 'US state (or DC)' : 'Canadian province or territory'} code, such as ${country === 'US' ? 'CA' : 'ON'}`;
  }
  return null;
}

function judgeRow(value: unknown): TaxRateRow | string {
  if (!isRecord(value)) return 'a rate must be an object { country, region?, rate, name }';
  const { country, region, rate, name } = value;
  if (typeof country !== 'string' || !isCountryCode(country)) return COUNTRY_MESSAGE;
  let place: string | null = null;
  if (region !== undefined && region !== null && region !== '') {
    if (typeof region !== 'string') return 'region must be text';
    const problem = regionProblem(country, region);
    if (problem) return problem;
    place = region;
  }
  const milli = rateMilliOf(rate);
  if (typeof milli === 'string') return milli;
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (trimmed.length < 1 || trimmed.length > MAX_TAX_NAME_LENGTH || !SINGLE_LINE_PATTERN.test(trimmed)) {
    return `name must be one line of 1 to ${MAX_TAX_NAME_LENGTH} characters`;
  }
  return { country, region: place, rateMilli: milli, name: trimmed };
}

/** The table the rows make, or every problem by index (then nothing may change). */
export function judgeTaxRateRows(values: readonly unknown[]): { rows: TaxRateRow[] } | { problems: TaxRateRowError[] } {
  const rows: TaxRateRow[] = [];
  const problems: TaxRateRowError[] = [];
  const seen = new Set<string>();
  values.forEach((value, index) => {
    const verdict = judgeRow(value);
    if (typeof verdict === 'string') {
      problems.push({ index, message: verdict });
      return;
    }
    const key = rateKey(verdict.country, verdict.region);
    if (seen.has(key)) {
      const place = verdict.region ? `${verdict.country} ${verdict.region}` : `${verdict.country} without region`;
      problems.push({ index, message: `${place} has a row already: one row per country and region` });
      return;
    }
    seen.add(key);
    rows.push(verdict);
  });
  return problems.length > 0 ? { problems } : { rows };
}
