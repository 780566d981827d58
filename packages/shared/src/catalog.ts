// The catalogue contract (B2B §1-§2): product fields beyond SPEC's, the catalogue query and page, the admin's edit,
// and the quantity and price rules both the storefront (to show them before the buyer commits) and the server (to
// enforce them) apply.
import './zod-setup.js';
import { z } from 'zod';
import { MAX_NAME_LENGTH, MAX_PRICE_DOLLARS, MAX_QUANTITY, MAX_TEXT_LENGTH, MAX_URL_LENGTH } from './constants.js';
import { productSchema, type PriceBreak } from './entities.js';
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

const dollars = (message: string) =>
  z
    .number({ error: message })
    .positive(message)
    .max(MAX_PRICE_DOLLARS, message)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, message);

export const skuSchema = z
  .string({ error: catalogMessages.skuInvalid })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(SKU_PATTERN, catalogMessages.skuInvalid));
export const categorySchema = z
  .string({ error: catalogMessages.categoryInvalid })
  .trim()
  .min(1, catalogMessages.categoryInvalid)
  .max(MAX_CATEGORY_LENGTH, catalogMessages.categoryInvalid);
export const packSizeSchema = z
  .number({ error: catalogMessages.packSizeInvalid })
  .int(catalogMessages.packSizeInvalid)
  .min(1, catalogMessages.packSizeInvalid)
  .max(MAX_QUANTITY, catalogMessages.packSizeInvalid);
export const maxQuantitySchema = z
  .number({ error: catalogMessages.maxQuantityInvalid })
  .int(catalogMessages.maxQuantityInvalid)
  .min(1, catalogMessages.maxQuantityInvalid)
  .max(MAX_QUANTITY, catalogMessages.maxQuantityInvalid)
  .nullable();
export const priceBreaksInputSchema = z
  .array(
    z.object({
      minQuantity: z
        .number({ error: catalogMessages.breakQuantityOrder })
        .int(catalogMessages.breakQuantityOrder)
        .min(1, catalogMessages.breakQuantityOrder)
        .max(MAX_QUANTITY, catalogMessages.breakQuantityOrder),
      price: dollars(catalogMessages.breakPriceOrder),
    }),
  )
  .max(MAX_PRICE_BREAKS, catalogMessages.tooManyBreaks);

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

/** The unit price in cents for `quantity`: the price break with the largest minQuantity not above it, else the base. */
export function unitPriceCents(t: Pick<OrderTerms, 'priceCents' | 'priceBreaks'>, quantity: number): number {
  let price = t.priceCents;
  for (const step of t.priceBreaks) if (step.minQuantity <= quantity) price = step.priceCents;
  return price;
}

/** The next price break above `quantity`, if any: what the storefront offers as "order N for $X". */
export function nextPriceBreak<T extends { minQuantity: number }>(breaks: readonly T[], quantity: number): T | null {
  return breaks.find((step) => step.minQuantity > quantity) ?? null;
}

const searchText = z
  .string()
  .trim()
  .max(MAX_SEARCH_LENGTH, `q must be at most ${MAX_SEARCH_LENGTH} characters`)
  .optional()
  .transform((v) => (v ? v : undefined));

export const catalogQuerySchema = z.object({
  q: searchText,
  category: z
    .string()
    .trim()
    .max(MAX_CATEGORY_LENGTH, catalogMessages.categoryInvalid)
    .optional()
    .transform((v) => (v ? v : undefined)),
  sort: z.enum(CATALOG_SORTS, { error: `sort must be one of ${CATALOG_SORTS.join(', ')}` }).optional(),
  page: z.coerce
    .number({ error: 'page must be a whole number from 1' })
    .int('page must be a whole number from 1')
    .min(1, 'page must be a whole number from 1')
    .max(1_000_000, 'page is too large')
    .optional(),
  pageSize: z.coerce
    .number({ error: `pageSize must be a whole number from 1 to ${MAX_CATALOG_PAGE_SIZE}` })
    .int(`pageSize must be a whole number from 1 to ${MAX_CATALOG_PAGE_SIZE}`)
    .min(1, `pageSize must be a whole number from 1 to ${MAX_CATALOG_PAGE_SIZE}`)
    .max(MAX_CATALOG_PAGE_SIZE, `pageSize must be a whole number from 1 to ${MAX_CATALOG_PAGE_SIZE}`)
    .optional(),
});
export type CatalogQuery = z.input<typeof catalogQuerySchema>;

export const categoryCountSchema = z.object({ name: z.string(), count: z.number().int() });
export const catalogPageSchema = z.object({
  items: productSchema.array(),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every category with the number of products matching `q` (the category filter is ignored here). */
  categories: categoryCountSchema.array(),
});
export type CatalogPage = z.infer<typeof catalogPageSchema>;

/** The catalogue fields a create may send besides SPEC's; left out, they take these defaults. */
export const productCatalogFieldsSchema = z.object({
  sku: skuSchema.optional(),
  category: categorySchema.optional(),
  packSize: packSizeSchema.optional(),
  maxQuantity: maxQuantitySchema.optional(),
  priceBreaks: priceBreaksInputSchema.optional(),
});

/** `PATCH /api/service/{id}` (admin): any of these; stockAdjustment is added to the stock atomically. */
export const productPatchSchema = z
  .object({
    name: z.string().trim().min(1, 'name is Required').max(MAX_NAME_LENGTH).optional(),
    description: z.string().trim().min(1, 'description is Required').max(MAX_TEXT_LENGTH).optional(),
    price: dollars('price must be a positive amount with at most 2 decimals').optional(),
    img: z
      .string()
      .trim()
      .max(MAX_URL_LENGTH)
      .refine(
        (v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/[^\s/][^\s]*$/.test(v),
        'img must be an http(s) URL or a path on this site',
      )
      .optional(),
    quantity: z
      .number()
      .int('quantity must be a whole number of at least 1')
      .min(1, 'quantity must be a whole number of at least 1')
      .max(MAX_QUANTITY)
      .optional(),
    stockAdjustment: z
      .number({ error: 'stockAdjustment must be a whole number' })
      .int('stockAdjustment must be a whole number')
      .min(-MAX_QUANTITY)
      .max(MAX_QUANTITY)
      .optional(),
  })
  .extend(productCatalogFieldsSchema.shape)
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: catalogMessages.nothingToChange });
export type ProductPatch = z.input<typeof productPatchSchema>;

export const csvRowErrorSchema = z.object({ line: z.number().int(), message: z.string() });
export const csvImportResultSchema = z.object({ created: z.number().int(), updated: z.number().int() });
/** `POST /api/admin/products.csv?dryRun=true`: what the import would do, changing nothing. */
export const csvImportPreviewSchema = csvImportResultSchema.extend({
  unchanged: z.number().int(),
  changes: z
    .object({
      line: z.number().int(),
      sku: z.string(),
      action: z.enum(['create', 'update']),
      /** The fields that change (for an update). */
      fields: z.string().array(),
    })
    .array(),
});
export type CsvImportPreview = z.infer<typeof csvImportPreviewSchema>;
export const csvImportQuerySchema = z.object({
  dryRun: z.enum(['true', 'false']).optional(),
});
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
