// The admin's product form (features/products/product-edit-values.ts): the shared contract's checks, and a PATCH that
// carries only what changed.
import { describe, expect, it } from 'vitest';
import { catalogMessages, type Product } from '@kestrel/shared';
import { ApiRequestError } from '../src/lib/api-client';
import { csvRowErrors } from '../src/features/products/api/import-products-csv';
import { exportFileName } from '../src/features/products/api/export-products-csv';
import { serverErrorField } from '../src/features/products/product-edit-errors';
import { changedFields, productEditSchema, toEditValues } from '../src/features/products/product-edit-values';
import { lowerVolumePrice, priceAtMinimumCents } from '../src/features/products/product-price';

const product: Product = {
  _id: '0190f3a0b1c2000000000001',
  name: 'Kestrel 32 GB DDR5-6000 Memory Kit',
  price: 94.75,
  img: '/api/images/demo/memory.png',
  quantity: 500,
  availableQuantity: 60000,
  description: '2 x 16 GB, CL30.',
  sku: 'KC-MEM-32D5',
  category: 'Memory',
  packSize: 50,
  maxQuantity: null,
  priceBreaks: [
    { minQuantity: 1000, price: 90 },
    { minQuantity: 5000, price: 85.5 },
  ],
  updatedAt: '2025-01-01T00:00:00.000Z',
};

const parse = (changes: Partial<ReturnType<typeof toEditValues>>) =>
  productEditSchema(product.availableQuantity).safeParse({ ...toEditValues(product), ...changes });

const messagesOf = (result: ReturnType<typeof parse>) =>
  result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('the product form', () => {
  it('starts from the product and sends nothing when nothing changed', () => {
    const result = parse({});
    expect(result.success).toBe(true);
    if (result.success) expect(changedFields(product, result.data)).toEqual({});
  });

  it('sends only the changed fields, with numbers, an upper-cased SKU and null for an empty maximum', () => {
    const result = parse({
      price: '99.5',
      sku: ' kc-mem-32d5-b ',
      maxQuantity: '',
      packSize: '50',
      priceBreaks: [{ minQuantity: '1000', price: '90.00' }],
      stockAdjustment: '-250',
    });
    expect(messagesOf(result)).toEqual([]);
    if (result.success) {
      expect(changedFields(product, result.data)).toEqual({
        price: 99.5,
        sku: 'KC-MEM-32D5-B',
        priceBreaks: [{ minQuantity: 1000, price: 90 }],
        stockAdjustment: -250,
      });
    }
    const withMax = parse({ maxQuantity: '20000' });
    if (withMax.success) expect(changedFields(product, withMax.data)).toEqual({ maxQuantity: 20000 });
  });

  it("says what the contract's rules say, on the field they concern", () => {
    expect(messagesOf(parse({ quantity: '520' }))).toEqual([['quantity', catalogMessages.minNotMultipleOfPack]]);
    expect(messagesOf(parse({ maxQuantity: '100' }))).toEqual([['maxQuantity', catalogMessages.maxBelowMin]]);
    expect(messagesOf(parse({ priceBreaks: [{ minQuantity: '400', price: '90' }] }))).toEqual([
      ['priceBreaks', catalogMessages.breakQuantityOrder],
    ]);
    expect(messagesOf(parse({ priceBreaks: [{ minQuantity: '1000', price: '95' }] }))).toEqual([
      ['priceBreaks', catalogMessages.breakPriceOrder],
    ]);
    expect(messagesOf(parse({ sku: 'no spaces' }))).toEqual([['sku', catalogMessages.skuInvalid]]);
    expect(messagesOf(parse({ category: '' }))).toEqual([['category', catalogMessages.categoryInvalid]]);
    expect(messagesOf(parse({ price: '' }))).toEqual([['price', 'price is Required']]);
    expect(messagesOf(parse({ name: '  ' }))).toEqual([['name', 'name is Required']]);
  });

  it('refuses an adjustment that would take the stock below zero, and anything but whole numbers', () => {
    expect(messagesOf(parse({ stockAdjustment: '-60001' }))).toEqual([
      ['stockAdjustment', 'The stock is 60000: at most 60000 can be removed'],
    ]);
    expect(parse({ stockAdjustment: '-60000' }).success).toBe(true);
    expect(messagesOf(parse({ stockAdjustment: '2.5' }))).toEqual([
      ['stockAdjustment', 'stockAdjustment must be a whole number'],
    ]);
    expect(messagesOf(parse({ packSize: '0' }))).toEqual([['packSize', catalogMessages.packSizeInvalid]]);
  });

  it("puts the server's refusals beside the field they are about", () => {
    expect(serverErrorField(new ApiRequestError(409, 'sku_taken', 'This SKU is already used'))).toBe('sku');
    expect(serverErrorField(new ApiRequestError(409, 'stock_below_zero', 'below 0'))).toBe('stockAdjustment');
    expect(serverErrorField(new ApiRequestError(400, 'validation_error', catalogMessages.breakPriceOrder))).toBe(
      'priceBreaks',
    );
    expect(serverErrorField(new ApiRequestError(500, 'internal', 'Something went wrong'))).toBeNull();
    expect(serverErrorField(null)).toBeNull();
  });
});

describe('the catalogue and CSV helpers', () => {
  it("prices a product with breaks 'from' its lowest break", () => {
    expect(lowerVolumePrice(product)).toEqual({ minQuantity: 5000, priceCents: 8550 });
    expect(lowerVolumePrice({ ...product, priceBreaks: [] })).toBeNull();
  });

  it('prices a member at what they pay, and names no volume price their contract price beats (issue #47)', () => {
    expect(priceAtMinimumCents({ ...product, contractPrice: 90 })).toBe(9000);
    expect(lowerVolumePrice({ ...product, contractPrice: 90 })).toEqual({ minQuantity: 5000, priceCents: 8550 });
    expect(priceAtMinimumCents({ ...product, contractPrice: 80 })).toBe(8000);
    expect(lowerVolumePrice({ ...product, contractPrice: 80 })).toBeNull();
  });

  it("reads a refused import's bad rows, and nothing from any other error", () => {
    const refused = new ApiRequestError(400, 'invalid_csv', '2 rows are invalid', {
      code: 'invalid_csv',
      message: '2 rows are invalid',
      rows: [
        { line: 3, message: 'price must be a positive amount' },
        { line: 7, message: 'unknown category' },
      ],
    });
    expect(csvRowErrors(refused)).toEqual([
      { line: 3, message: 'price must be a positive amount' },
      { line: 7, message: 'unknown category' },
    ]);
    expect(csvRowErrors(new ApiRequestError(413, 'http_413', 'Too large'))).toBeNull();
    expect(csvRowErrors(new Error('offline'))).toBeNull();
  });

  it('names an export after its day', () => {
    expect(exportFileName(new Date('2025-03-09T22:00:00Z'))).toBe('kestrel-products-2025-03-09.csv');
  });
});
