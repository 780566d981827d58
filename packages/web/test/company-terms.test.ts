import { describe, expect, it } from 'vitest';
import { parseCreditLimit } from '../src/features/admin-companies/components/company-terms-form';

describe("parseCreditLimit: the admin's credit limit field, checked as PATCH /api/admin/companies/{id} checks it", () => {
  it('reads dollars with at most 2 decimals, commas and a leading $ allowed; empty is no limit', () => {
    expect(['5000', ' 2,500.50 ', '$10,000', '0', '', '  '].map(parseCreditLimit)).toEqual([
      { limit: 5000 },
      { limit: 2500.5 },
      { limit: 10000 },
      { limit: 0 },
      { limit: null },
      { limit: null },
    ]);
  });

  it('refuses what the API would refuse, saying why', () => {
    for (const text of ['-1', '1.234', 'abc', '1e5', '12.']) {
      expect(parseCreditLimit(text)).toEqual({
        problem: 'Enter an amount in dollars with at most 2 decimals, or leave it empty',
      });
    }
    expect(parseCreditLimit('100000000.01')).toEqual({ problem: 'The credit limit may be at most $100,000,000.00' });
    expect(parseCreditLimit('100000000')).toEqual({ limit: 100_000_000 });
  });
});
