import { catalogMessages, messages } from '@kestrel/shared';
import type { ApiRequestError } from '../../lib/api-client';
import type { ProductEditValues } from './product-edit-values';

type EditField = keyof ProductEditValues;

// The server's 400 answers carry the contract's messages; each one names the field it is about.
const fieldOfMessage = new Map<string, EditField>([
  [catalogMessages.skuInvalid, 'sku'],
  [catalogMessages.skuTaken, 'sku'],
  [catalogMessages.categoryInvalid, 'category'],
  [catalogMessages.packSizeInvalid, 'packSize'],
  [catalogMessages.maxQuantityInvalid, 'maxQuantity'],
  [catalogMessages.minNotMultipleOfPack, 'quantity'],
  [catalogMessages.maxBelowMin, 'maxQuantity'],
  [catalogMessages.tooManyBreaks, 'priceBreaks'],
  [catalogMessages.breakQuantityOrder, 'priceBreaks'],
  [catalogMessages.breakPriceOrder, 'priceBreaks'],
  [catalogMessages.stockBelowZero, 'stockAdjustment'],
  [messages.product.nameRequired, 'name'],
  [messages.product.descriptionRequired, 'description'],
  [messages.product.imgInvalid, 'img'],
  [messages.product.quantityInvalid, 'quantity'],
]);

/** The form field a refused save is about, so the message stands beside it (and the field is focused). */
export function serverErrorField(error: ApiRequestError | null): EditField | null {
  if (!error) return null;
  if (error.code === 'sku_taken') return 'sku';
  if (error.code === 'stock_below_zero') return 'stockAdjustment';
  return fieldOfMessage.get(error.message) ?? null;
}
