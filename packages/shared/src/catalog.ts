// The catalogue's schemas (B2B §1-§2): product fields beyond SPEC's, the catalogue query and page, the admin's edit
// and the CSV answers. The rules they rely on are in catalog-rules.ts.
import './zod-setup.js';
import { z } from 'zod';
import {
  MAX_NAME_LENGTH,
  MAX_QUANTITY,
  MAX_TEXT_LENGTH,
  MAX_URL_LENGTH,
  SINGLE_LINE_PATTERN,
  singleLineMessage,
} from './constants.js';
import {
  catalogMessages,
  CATALOG_SORTS,
  MAX_CATEGORY_LENGTH,
  MAX_CATALOG_PAGE_SIZE,
  MAX_PRICE_BREAKS,
  MAX_SEARCH_LENGTH,
  SKU_PATTERN,
} from './catalog-rules.js';
import { productSchema } from './entities.js';
import { positiveDollars } from './money.js';

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
      price: positiveDollars(catalogMessages.breakPriceOrder),
    }),
  )
  .max(MAX_PRICE_BREAKS, catalogMessages.tooManyBreaks);

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
    name: z
      .string()
      .trim()
      .min(1, 'name is Required')
      .max(MAX_NAME_LENGTH)
      .regex(SINGLE_LINE_PATTERN, singleLineMessage('name'))
      .optional(),
    description: z.string().trim().min(1, 'description is Required').max(MAX_TEXT_LENGTH).optional(),
    price: positiveDollars('price must be a positive amount with at most 2 decimals').optional(),
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
