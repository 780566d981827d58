// The one tax computation (modules/billing/tax.ts) without a database: integer cents, half up, exact past 2^53; the
// credit of the last part of an order credits exactly the tax left; the offline VAT number check reverse charge uses.
import { describe, expect, it } from 'vitest';
import { creditedTaxCents, isVatNumberOf, taxCents } from '../../../../src/modules/billing/index.js';
import { decideTax, rateTableOf } from '../../../../src/modules/billing/tax.js';

describe('taxCents', () => {
  it('rounds the subtotal times the rate half up to the cent', () => {
    expect(taxCents(10, 5_000)).toBe(1); // 0.5 cent
    expect(taxCents(30, 5_000)).toBe(2); // 1.5
    expect(taxCents(50, 5_000)).toBe(3); // 2.5: up, not to even
    expect(taxCents(1_000, 7_250)).toBe(73); // 72.5
    expect(taxCents(3_000, 8_875)).toBe(266); // 266.25
    expect(taxCents(29_966, 7_250)).toBe(2_173); // 2,172.535
    expect(taxCents(1, 30_000)).toBe(0); // 0.3
    expect(taxCents(12_345, 0)).toBe(0);
    // 10^14 cents (the largest order) at 29.999%: exact where a Number product would not be.
    expect(taxCents(100_000_000_000_000, 29_999)).toBe(29_999_000_000_000);
    expect(taxCents(99_999_999_999_999, 19_001)).toBe(19_001_000_000_000); // ...999.81
  });
});

describe('creditedTaxCents', () => {
  const order = { subtotalCents: 1_000, taxCents: 73, rateMilli: 7_250 };
  it("credits a part's tax half up, and the last part exactly what is left", () => {
    // Three credits of a third each: 333 cents is 24.1425: 24; again 24; the last credits 73 - 48 = 25.
    expect(creditedTaxCents(order, { subtotalCents: 0, taxCents: 0 }, 333)).toBe(24);
    expect(creditedTaxCents(order, { subtotalCents: 333, taxCents: 24 }, 333)).toBe(24);
    expect(creditedTaxCents(order, { subtotalCents: 666, taxCents: 48 }, 334)).toBe(25);
    // The whole order at once: its tax.
    expect(creditedTaxCents(order, { subtotalCents: 0, taxCents: 0 }, 1_000)).toBe(73);
    // Never more than what is left, whatever the rounding of the parts before.
    expect(creditedTaxCents(order, { subtotalCents: 990, taxCents: 73 }, 5)).toBe(0);
  });
});

describe('isVatNumberOf', () => {
  it('takes a well-formed VAT number of that member state only, checked offline', () => {
    expect(isVatNumberOf('FR', 'FR40303265045')).toBe(true);
    expect(isVatNumberOf('FR', 'FR 40 303 265 045')).toBe(true);
    expect(isVatNumberOf('FR', 'FR00303265045')).toBe(false); // check digits
    expect(isVatNumberOf('FR', '40303265045')).toBe(false); // no prefix
    expect(isVatNumberOf('AT', 'FR40303265045')).toBe(false); // another state's
    expect(isVatNumberOf('AT', 'ATU13585627')).toBe(true);
    expect(isVatNumberOf('GR', 'EL094259216')).toBe(true); // Greece's prefix is EL
    expect(isVatNumberOf('DE', 'DE136695976')).toBe(true);
    expect(isVatNumberOf('US', 'DE136695976')).toBe(false); // not a member state
    expect(isVatNumberOf('GB', 'GB980780684')).toBe(false); // no longer one
  });
});

describe('decideTax', () => {
  const table = rateTableOf([
    { country: 'US', region: 'NY', rateMilli: 8_875, name: 'NY sales tax' },
    { country: 'US', region: 'OR', rateMilli: 0, name: 'No sales tax' },
    { country: 'US', region: null, rateMilli: 5_000, name: 'Sales tax' },
  ]);
  const none = { rateMilli: 0, name: null, reverseCharge: false, taxExemptionId: null, note: null };
  it('takes the region row, else the country row; a 0% row taxes nothing and names nothing', () => {
    expect(decideTax(table, 'US', { shipTo: { country: 'US', region: 'NY' } })).toEqual({
      ...none,
      rateMilli: 8_875,
      name: 'NY sales tax',
      country: 'US',
    });
    expect(decideTax(table, 'US', { shipTo: { country: 'US', region: 'CO' } })).toMatchObject({ rateMilli: 5_000 });
    expect(decideTax(table, 'US', { shipTo: { country: 'US', region: 'OR' } })).toEqual({ ...none, country: 'US' });
    expect(decideTax(table, 'US', { shipTo: null })).toMatchObject({ rateMilli: 5_000, country: 'US' });
    expect(decideTax(table, 'DE', { shipTo: null })).toEqual({ ...none, country: 'DE' });
  });
});
