// Products: the catalogue rules (prices in cents, the minimum order never above the stock).
import type { Product, productListQuerySchema } from '@kestrel/shared';
import type { z } from 'zod';
import type { Db } from '../db/create-db.js';
import { newId } from '../db/ids.js';
import { notFound } from '../errors.js';
import * as repo from '../repositories/products.js';
import { invalidateLists, listCache } from './list-cache.js';
import { centsToDollars, dollarsToCents } from './money.js';

export function toProduct(row: repo.ProductRow): Product {
  return {
    _id: row.id,
    name: row.name,
    price: centsToDollars(row.price_cents),
    img: row.img,
    quantity: row.min_quantity,
    availableQuantity: row.available_quantity,
    description: row.description,
  };
}

/** Without paging parameters: every product, oldest first (SPEC.md). One query either way. */
export async function listProducts(db: Db, query: z.output<typeof productListQuerySchema>): Promise<Product[]> {
  const rows = await repo.listProducts(db, {
    limit: query.limit,
    offset: query.offset,
    newestFirst: query.sort === 'newest',
  });
  return rows.map(toProduct);
}

/** The same list as JSON text, from the short-lived list cache (services/list-cache.ts). */
export function listProductsJson(db: Db, query: z.output<typeof productListQuerySchema>): string | Promise<string> {
  const key = `service:${query.limit ?? ''}:${query.offset ?? ''}:${query.sort === 'newest' ? 'newest' : 'oldest'}`;
  return listCache(db).json(key, () => listProducts(db, query));
}

export async function getProduct(db: Db, id: string): Promise<Product> {
  const row = await repo.findProduct(db, id);
  if (!row) throw notFound('Product');
  return toProduct(row);
}

export interface NewProduct {
  name: string;
  price: number;
  description: string;
  img: string;
  quantity: number;
  availableQuantity: number;
}

/** Builds a product row; the demo seed and the tests use it too, so every product is made the same way. */
export function productRow(input: NewProduct, now = Date.now()): repo.ProductRow {
  return {
    id: newId(now),
    name: input.name,
    price_cents: dollarsToCents(input.price),
    img: input.img,
    min_quantity: input.quantity,
    available_quantity: input.availableQuantity,
    description: input.description,
    created_at: new Date(now).toISOString(),
  };
}

export async function createProduct(db: Db, input: NewProduct): Promise<string> {
  const row = productRow(input);
  try {
    await repo.insertProduct(db, row);
  } finally {
    invalidateLists(db);
  }
  return row.id;
}

export async function deleteProduct(db: Db, id: string): Promise<number> {
  let deleted: number;
  try {
    deleted = await repo.deleteProduct(db, id);
  } finally {
    invalidateLists(db);
  }
  if (deleted === 0) throw notFound('Product');
  return deleted;
}
