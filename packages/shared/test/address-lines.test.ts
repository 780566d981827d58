// How an address reads as text (address-lines.ts): the US and Canada put the city first, other countries the
// postal code first; the parts an address lacks leave no empty line.
import { describe, expect, it } from 'vitest';
import { addressLines, cityLine } from '../src/address-lines.js';

const base = { name: null, line1: '1 Main St', line2: null, region: null };

describe('addressLines', () => {
  it('writes a US address as "Boston, MA 02110"', () => {
    const a = { ...base, city: 'Boston', postalCode: '02110', region: 'MA', country: 'US' };
    expect(cityLine(a)).toBe('Boston, MA 02110');
    expect(addressLines({ ...a, name: 'Dock 4', line2: 'Suite 200' })).toEqual([
      'Dock 4',
      '1 Main St',
      'Suite 200',
      'Boston, MA 02110',
      'US',
    ]);
  });

  it('writes a Canadian address city first too', () => {
    expect(cityLine({ city: 'Toronto', postalCode: 'M5V 2T6', region: 'ON', country: 'CA' })).toBe(
      'Toronto, ON M5V 2T6',
    );
  });

  it('keeps the postal code first elsewhere, with a free-text region after the city', () => {
    expect(addressLines({ ...base, city: 'Hamburg', postalCode: '20457', country: 'DE' })).toEqual([
      '1 Main St',
      '20457 Hamburg',
      'DE',
    ]);
    expect(cityLine({ city: 'Milano', postalCode: '20121', region: 'MI', country: 'IT' })).toBe('20121 Milano MI');
  });
});
