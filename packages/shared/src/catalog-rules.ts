// The catalogue's rules without zod (B2B §1-§2): constants, messages, and the quantity and price rules that both the
// storefront (to show them before the buyer commits) and the server (to enforce them) apply. Apart from the schemas in
// catalog.ts so a storefront page that needs only these does not carry the schema library.
import type { PriceBreak } from './entities.js';
import { orderRangeMessage } from './messages.js';

export const SKU_PATTERN = /^[A-Z0-9][A-Z0-9-]{2,31}$/;
export const MAX_CATEGORY_LENGTH = 40;
export const MAX_PRICE_BREAKS = 10;
export const DEFAULT_CATEGORY = 'General';
export const CATALOG_PAGE_SIZE = 24;
export const MAX_CATALOG_PAGE_SIZE = 100;
/** Longer searches are refused: no part name needs more, and each word costs an index lookup. */
export const MAX_SEARCH_LENGTH = 200;
export const MAX_SEARCH_WORDS = 8;
/** A catalogue search still running after this many ms is stopped with 503 search_timeout (SEARCH_BUDGET_MS). */
export const DEFAULT_SEARCH_BUDGET_MS = 800;
export const CATALOG_SORTS = ['relevance', 'newest', 'price-asc', 'price-desc', 'name'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

export const catalogMessages = {
  skuInvalid: 'sku must be 3-32 capital letters, digits or dashes, starting with a letter or digit',
  skuTaken: 'This SKU is already used by another product',
  categoryInvalid: `category must be 1-${MAX_CATEGORY_LENGTH} characters`,
  packSizeInvalid: 'packSize must be a whole number of at least 1',
  maxQuantityInvalid: 'maxQuantity must be a whole number of at least 1, or empty',
  minNotMultipleOfPack: 'quantity (the minimum order) must be a multiple of packSize',
  maxBelowMin: 'maxQuantity cannot be below quantity (the minimum order)',
  tooManyBreaks: `at most ${MAX_PRICE_BREAKS} price breaks`,
  breakQuantityOrder: 'price break quantities must be strictly increasing and above the minimum order',
  breakPriceOrder: 'price break prices must be strictly decreasing and below the base price',
  stockBelowZero: 'This adjustment would take the stock below 0',
  nothingToChange: 'Send at least one field to change',
} as const;

/** B2B §2's refusal for a quantity that is not a whole number of packs. */
export function packMessage(packSize: number): string {
  return `order in packs of ${packSize}`;
}

/** The fields whose combination the rules below check, as a product has them after a create or an edit. */
export interface ProductTermsInput {
  price: number;
  quantity: number;
  packSize: number;
  maxQuantity: number | null;
  priceBreaks: readonly PriceBreak[];
}

/**
 * B2B §2's checks on a product's own terms (not on an order): the minimum is a whole number of packs, the maximum is
 * not below the minimum, price breaks climb in quantity above the minimum and fall in price below the base price.
 * Answers the first problem with the field it concerns, or null. Create, edit and CSV import all use it.
 */
export function productTermsProblem(p: ProductTermsInput): { path: string; message: string } | null {
  if (p.quantity % p.packSize !== 0) return { path: 'quantity', message: catalogMessages.minNotMultipleOfPack };
  if (p.maxQuantity !== null && p.maxQuantity < p.quantity) {
    return { path: 'maxQuantity', message: catalogMessages.maxBelowMin };
  }
  if (p.priceBreaks.length > MAX_PRICE_BREAKS) return { path: 'priceBreaks', message: catalogMessages.tooManyBreaks };
  let lastQuantity = p.quantity;
  let lastPrice = Math.round(p.price * 100);
  for (const step of p.priceBreaks) {
    if (step.minQuantity <= lastQuantity) return { path: 'priceBreaks', message: catalogMessages.breakQuantityOrder };
    const cents = Math.round(step.price * 100);
    if (cents >= lastPrice) return { path: 'priceBreaks', message: catalogMessages.breakPriceOrder };
    lastQuantity = step.minQuantity;
    lastPrice = cents;
  }
  return null;
}

/** A product as the quantity and price rules see it (money in cents). */
export interface OrderTerms {
  priceCents: number;
  minQuantity: number;
  availableQuantity: number;
  packSize: number;
  maxQuantity: number | null;
  priceBreaks: ReadonlyArray<{ minQuantity: number; priceCents: number }>;
}

/** The largest quantity that may be ordered now: the stock, or the maximum when it is lower. */
export function orderableMax(t: Pick<OrderTerms, 'availableQuantity' | 'maxQuantity'>): number {
  return t.maxQuantity === null ? t.availableQuantity : Math.min(t.availableQuantity, t.maxQuantity);
}

/** Why `quantity` of this product cannot be ordered now (B2B §2's messages), or null when it can. */
export function quantityProblem(t: OrderTerms, quantity: number): string | null {
  const max = orderableMax(t);
  if (quantity < t.minQuantity || quantity > max) return orderRangeMessage(t.minQuantity, max);
  if (quantity % t.packSize !== 0) return packMessage(t.packSize);
  return null;
}

/**
 * The unit price in cents for `quantity`, the one rule every way of pricing uses (cart, order, storefront): the price
 * break with the largest minQuantity not above it, else the base; and when the buyer's company has a contract price
 * for the product (B2B §5), the lower of that and the contract price.
 */
export function unitPriceCents(
  t: Pick<OrderTerms, 'priceCents' | 'priceBreaks'>,
  quantity: number,
  contractCents?: number | undefined,
): number {
  let price = t.priceCents;
  for (const step of t.priceBreaks) if (step.minQuantity <= quantity) price = step.priceCents;
  return contractCents !== undefined && contractCents < price ? contractCents : price;
}

/**
 * The next price break above `quantity` that costs less than `paidCents`, what the reader pays per unit now
 * (unitPriceCents, a contract price included): what the storefront offers as "$X each from N". A break that does not
 * beat a member's contract price is no reason to order more, so it is skipped (docs/product.md §27).
 */
export function nextPriceBreak<T extends { minQuantity: number; priceCents: number }>(
  breaks: readonly T[],
  quantity: number,
  paidCents: number,
): T | null {
  return breaks.find((step) => step.minQuantity > quantity && step.priceCents < paidCents) ?? null;
}

/**
 * Why a line cannot go into the cart at all (quick order, Add to cart): the product's own terms, which no restock
 * changes: below the minimum, above the maximum, or not a whole number of packs. A quantity above today's stock is
 * not judged here: the cart keeps that line with its problem, since the stock moves (docs/product.md §17).
 */
export function cartAddProblem(
  t: Pick<OrderTerms, 'minQuantity' | 'packSize' | 'maxQuantity'>,
  quantity: number,
): string | null {
  if (quantity < t.minQuantity) return `the minimum order is ${t.minQuantity.toLocaleString('en-US')}`;
  if (t.maxQuantity !== null && quantity > t.maxQuantity) {
    return `at most ${t.maxQuantity.toLocaleString('en-US')} per order`;
  }
  if (quantity % t.packSize !== 0) return packMessage(t.packSize);
  return null;
}

export const PRODUCTS_CSV_HEADER = [
  'sku',
  'name',
  'category',
  'price',
  'quantity',
  'packSize',
  'maxQuantity',
  'availableQuantity',
  'priceBreaks',
  'description',
  'img',
] as const;
export const MAX_CSV_BYTES = 5 * 1024 * 1024;
