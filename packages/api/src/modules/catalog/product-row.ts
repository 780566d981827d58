// A product between its row (cents, JSON text of price breaks) and the API (dollars, arrays): one place for both ways.
import { DEFAULT_CATEGORY, type OrderTerms, type PriceBreak, type Product } from '@kestrel/shared';
import { newId } from '../../infra/db/ids.js';
import { centsToDollars, dollarsToCents } from '../../infra/money.js';
import type { ProductRow } from './repository.js';

/** How price breaks are stored: cents, so a unit price never goes through floating point. */
export interface StoredPriceBreak {
  minQuantity: number;
  priceCents: number;
}

function isStoredBreak(value: unknown): value is StoredPriceBreak {
  return (
    typeof value === 'object' &&
    value !== null &&
    'minQuantity' in value &&
    typeof value.minQuantity === 'number' &&
    'priceCents' in value &&
    typeof value.priceCents === 'number'
  );
}

export function parsePriceBreaks(json: string): StoredPriceBreak[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter(isStoredBreak) : [];
}

export function storePriceBreaks(breaks: readonly PriceBreak[]): string {
  return JSON.stringify(breaks.map((b) => ({ minQuantity: b.minQuantity, priceCents: dollarsToCents(b.price) })));
}

export function toProduct(row: ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    price: centsToDollars(row.price_cents),
    img: row.img,
    quantity: row.min_quantity,
    availableQuantity: row.available_quantity,
    description: row.description,
    sku: row.sku,
    category: row.category,
    packSize: row.pack_size,
    maxQuantity: row.max_quantity,
    priceBreaks: parsePriceBreaks(row.price_breaks).map((b) => ({
      minQuantity: b.minQuantity,
      price: centsToDollars(b.priceCents),
    })),
    updatedAt: row.updated_at,
  };
}

/** What the quantity and price rules (shared catalog.ts) need of a product row. */
export type TermsColumns = Pick<
  ProductRow,
  'price_cents' | 'min_quantity' | 'available_quantity' | 'pack_size' | 'max_quantity' | 'price_breaks'
>;

export function orderTermsOf(row: TermsColumns): OrderTerms {
  return {
    priceCents: row.price_cents,
    minQuantity: row.min_quantity,
    availableQuantity: row.available_quantity,
    packSize: row.pack_size,
    maxQuantity: row.max_quantity,
    priceBreaks: parsePriceBreaks(row.price_breaks),
  };
}

export interface NewProduct {
  name: string;
  /** Dollars per unit. */
  price: number;
  description: string;
  img: string;
  /** The minimum order quantity. */
  quantity: number;
  availableQuantity: number;
  /** Generated from the product's id when left out. */
  sku?: string | undefined;
  /** DEFAULT_CATEGORY when left out. */
  category?: string | undefined;
  packSize?: number | undefined;
  maxQuantity?: number | null | undefined;
  /** Dollars per unit from each minQuantity on. */
  priceBreaks?: PriceBreak[] | undefined;
}

/** A SKU for a product created without one: the id's 12 counter/random hex digits, never reused. */
export const generatedSku = (id: string) => `KC-${id.slice(12).toUpperCase()}`;

export function newProductRow(input: NewProduct, now: number): ProductRow {
  const id = newId(now);
  const at = new Date(now).toISOString();
  return {
    id,
    name: input.name,
    price_cents: dollarsToCents(input.price),
    img: input.img,
    min_quantity: input.quantity,
    available_quantity: input.availableQuantity,
    description: input.description,
    created_at: at,
    sku: input.sku ?? generatedSku(id),
    category: input.category ?? DEFAULT_CATEGORY,
    pack_size: input.packSize ?? 1,
    max_quantity: input.maxQuantity ?? null,
    price_breaks: storePriceBreaks(input.priceBreaks ?? []),
    updated_at: at,
  };
}

/**
 * `product` as a member of a company sees it (B2B §5): the list price kept, the company's contract price added when
 * it has one for this product. Everyone else's answers never carry the field.
 */
export function withContractPrice(product: Product, prices: ReadonlyMap<string, number> | undefined): Product {
  const cents = prices?.get(product._id);
  return cents === undefined ? product : { ...product, contractPrice: centsToDollars(cents) };
}
