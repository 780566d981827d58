// cXML Money read as integer cents (B2B §17): two decimals at most, zeros past them allowed, anything else refused
// rather than rounded, and cents written back as dollars with two decimals.
import { describe, expect, it } from 'vitest';
import { money } from '../../../src/modules/punchout/cxml-documents.js';
import { centsOf } from '../../../src/modules/punchout/cxml-requests.js';

describe('cXML Money', () => {
  it('reads dollars as cents, exactly', () => {
    expect(centsOf('10')).toBe(1_000);
    expect(centsOf('10.5')).toBe(1_050);
    expect(centsOf(' 10.05 ')).toBe(1_005);
    expect(centsOf('0.29')).toBe(29);
    expect(centsOf('10.000')).toBe(1_000);
    expect(centsOf('999999999.99')).toBe(99_999_999_999);
  });

  it('refuses a fraction of a cent, a sign, grouping and words instead of rounding them', () => {
    for (const text of ['10.005', '10.001', '-1.00', '1,000.00', '1e3', '', 'ten', '.50', undefined]) {
      expect(centsOf(text), String(text)).toBeUndefined();
    }
  });

  it('writes cents as dollars with two decimals', () => {
    expect([money(0), money(5), money(1_050), money(99_999_999_999), money(-250)]).toEqual([
      '0.00',
      '0.05',
      '10.50',
      '999999999.99',
      '-2.50',
    ]);
  });
});
