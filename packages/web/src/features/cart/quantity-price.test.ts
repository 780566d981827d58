import { describe, expect, it } from 'vitest';
import type { Product } from '@kestrel/shared';
import { quantityPrice } from './quantity-price';

const bracket: Product = {
  _id: '0123456789abcdef01234567',
  name: 'Kestrel Test Bracket',
  description: 'Low-profile PCIe bracket.',
  img: '/favicon.svg',
  price: 4.2,
  quantity: 100,
  availableQuantity: 5000,
  sku: 'KC-BRK-1',
  category: 'Cases',
  packSize: 10,
  maxQuantity: null,
  priceBreaks: [
    { minQuantity: 500, price: 3.9 },
    { minQuantity: 1000, price: 3.6 },
  ],
  updatedAt: '2026-11-24T00:00:00.000Z',
};

describe('quantityPrice', () => {
  it('prices the quantity at the break it reaches and names the next one', () => {
    expect(quantityPrice(bracket, 100)).toBe('100 × $4.20 = $420.00 · $3.90 each from 500');
    expect(quantityPrice(bracket, 500)).toBe('500 × $3.90 = $1,950.00 · $3.60 each from 1,000');
    expect(quantityPrice(bracket, 990)).toBe('990 × $3.90 = $3,861.00 · $3.60 each from 1,000');
  });

  it('names no next break past the last one, and keeps cents exact', () => {
    expect(quantityPrice(bracket, 1000)).toBe('1,000 × $3.60 = $3,600.00');
    expect(quantityPrice({ ...bracket, price: 0.07, priceBreaks: [] }, 30)).toBe('30 × $0.07 = $2.10');
  });
});

describe('quantityPrice for a member with a contract price (issue #47)', () => {
  const member: Product = {
    ...bracket,
    price: 6.25,
    quantity: 1000,
    packSize: 100,
    availableQuantity: 20000,
    priceBreaks: [
      { minQuantity: 2000, price: 5.5 },
      { minQuantity: 5000, price: 5 },
    ],
    contractPrice: 5.2,
  };

  it('prices at the contract price and names only a break below it', () => {
    expect(quantityPrice(member, 1000)).toBe('1,000 × $5.20 = $5,200.00 · $5.00 each from 5,000');
    expect(quantityPrice(member, 2000)).toBe('2,000 × $5.20 = $10,400.00 · $5.00 each from 5,000');
    expect(quantityPrice(member, 5000)).toBe('5,000 × $5.00 = $25,000.00');
  });

  it('names no break when the contract price beats them all', () => {
    expect(quantityPrice({ ...member, contractPrice: 4.8 }, 1000)).toBe('1,000 × $4.80 = $4,800.00');
  });
});
