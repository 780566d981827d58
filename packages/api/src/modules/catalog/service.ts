// The catalogue: products, their prices in cents and their stock. Owns the short-lived cache of the product list, and
// is the one place that knows when that list changed: its own writes, and the stock moves other modules report.
import { productSchema, type Product, type productListQuerySchema } from '@kestrel/shared';
import type { z } from 'zod';
import type { Db } from '../../infra/db/create-db.js';
import { newId } from '../../infra/db/ids.js';
import { notFound } from '../../infra/errors.js';
import { compileSerializer } from '../../infra/http/serialize.js';
import { ListCache } from '../../infra/list-cache.js';
import { centsToDollars, dollarsToCents } from '../../infra/money.js';
import * as repo from './repository.js';

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

export interface NewProduct {
  name: string;
  price: number;
  description: string;
  img: string;
  quantity: number;
  availableQuantity: number;
}

export type ProductListQuery = z.output<typeof productListQuerySchema>;

export interface CatalogService {
  /** Without paging parameters: every product, oldest first. One query either way. */
  listProducts(query: ProductListQuery): Promise<Product[]>;
  /** The same list as JSON text, from the short-lived list cache. */
  listProductsJson(query: ProductListQuery): string | Promise<string>;
  getProduct(id: string): Promise<Product>;
  createProduct(input: NewProduct): Promise<string>;
  /** All or none; ids (and so the catalogue order) follow the list's order. Answers the new ids. */
  createProducts(inputs: NewProduct[], now?: number): Promise<string[]>;
  deleteProduct(id: string): Promise<number>;
  /** Another module took or gave back stock: what the product list shows has changed. */
  stockMoved(): void;
}

function productRow(input: NewProduct, now: number): repo.ProductRow {
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

export function createCatalogService(
  db: Db,
  lists = new ListCache(compileSerializer(productSchema.array())),
): CatalogService {
  /** Every write of this module goes through here, so the cached list never outlives a change made here. */
  async function writing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      lists.invalidate();
    }
  }

  const service: CatalogService = {
    async listProducts(query) {
      const rows = await repo.listProducts(db, {
        limit: query.limit,
        offset: query.offset,
        newestFirst: query.sort === 'newest',
      });
      return rows.map(toProduct);
    },

    listProductsJson(query) {
      const key = `service:${query.limit ?? ''}:${query.offset ?? ''}:${query.sort === 'newest' ? 'newest' : 'oldest'}`;
      return lists.json(key, () => service.listProducts(query));
    },

    async getProduct(id) {
      const row = await repo.findProduct(db, id);
      if (!row) throw notFound('Product');
      return toProduct(row);
    },

    async createProduct(input) {
      const [id] = await service.createProducts([input]);
      if (!id) throw new Error('no product was created');
      return id;
    },

    async createProducts(inputs, now = Date.now()) {
      // Consecutive timestamps keep the list's order (ids are time-ordered).
      const rows = inputs.map((input, i) => productRow(input, now + i));
      await writing(() => repo.insertProducts(db, rows));
      return rows.map((row) => row.id);
    },

    async deleteProduct(id) {
      const deleted = await writing(() => repo.deleteProduct(db, id));
      if (deleted === 0) throw notFound('Product');
      return deleted;
    },

    stockMoved: () => lists.invalidate(),
  };
  return service;
}
