// The catalogue: products, their terms (prices in cents, pack sizes, price breaks) and stock; search and facets; the
// admin's edits. Owns the short-lived caches of what lists show, and is the one place that knows when they changed:
// its own writes, and the stock moves other modules report.
import {
  BUDGET_EXCEEDED,
  CATALOG_PAGE_SIZE,
  catalogMessages,
  DEFAULT_SEARCH_BUDGET_MS,
  MAX_SEARCH_WORDS,
  productSchema,
  productTermsProblem,
  type CatalogPage,
  type OrderTerms,
  type catalogQuerySchema,
  type Product,
  type productListQuerySchema,
  type productPatchSchema,
} from '@kestrel/shared';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import { withinBudget } from '../../infra/db/bounded-read.js';
import type { Database } from '../../infra/db/schema.js';
import { isUniqueViolation } from '../../infra/db/unique-violation.js';
import { AppError, notFound } from '../../infra/errors.js';
import { compileSerializer } from '../../infra/http/serialize.js';
import { EncodedListCache, type EncodedList, type ListBuilder } from '../../infra/http/encoded-list.js';
import { LIST_CACHE_TTL_MS, ListCache } from '../../infra/http/list-cache.js';
import { yieldToIo } from '../../infra/yield-to-io.js';
import { centsToDollars, dollarsToCents } from '../../infra/money.js';
import {
  newProductRow,
  orderTermsOf,
  parsePriceBreaks,
  storePriceBreaks,
  toProduct,
  withContractPrice,
  type NewProduct,
} from './product-row.js';
import * as repo from './repository.js';
import type { WebhooksService } from '../webhooks/index.js';
import { changedFields, recordAudit, type AuditContext } from '../audit/index.js';

export type ProductListQuery = z.output<typeof productListQuerySchema>;
export type CatalogQuery = z.output<typeof catalogQuerySchema>;
export type ProductPatch = z.output<typeof productPatchSchema>;

/** The entry of an edit: what changed, and the stock's move when there was one (B2B §15: `availableQuantity`). */
function updatedEntry(before: repo.ProductRow, after: repo.ProductRow, adjustment: number) {
  const stock = adjustment === 0 ? '' : `; stock ${adjustment > 0 ? '+' : ''}${adjustment}`;
  return {
    action: 'product.updated',
    targetType: 'product',
    targetId: after.id,
    summary: `Edited product ${after.sku} (${after.name})${stock}`,
    changes: changedFields(auditedFields(before), auditedFields(after)),
  };
}

const skuTaken = () => new AppError(409, 'sku_taken', catalogMessages.skuTaken);

const SKU_START = /^[A-Z0-9][A-Z0-9-]*$/;

/**
 * The search's terms (docs/product.md §16): split at spaces, the same word once, at most MAX_SEARCH_WORDS. Each term
 * keeps its letter/digit runs for the text index, its last run a prefix unless it is a single character (a one-letter
 * prefix matches most of a catalogue: issue #24), and the term itself when it can begin a SKU (two characters or
 * more: no SKU is shorter than three). A term of only punctuation is dropped.
 */
export function searchTerms(q: string | undefined): repo.SearchTerm[] {
  const words = [...new Set((q ?? '').toLowerCase().split(/\s+/).filter(Boolean))].slice(0, MAX_SEARCH_WORDS);
  return words.flatMap((word) => {
    const tokens = word.match(/[\p{L}\p{N}]+/gu) ?? [];
    const last = tokens.at(-1) ?? '';
    const upper = word.toUpperCase();
    const skuPrefix = upper.length >= 2 && SKU_START.test(upper) ? upper : null;
    return tokens.length > 0 || skuPrefix ? [{ tokens, prefix: [...last].length >= 2, skuPrefix }] : [];
  });
}

/** A search past its budget: a clear 503 rather than a shop that stops answering. */
const SEARCH_TIMEOUT = {
  code: BUDGET_EXCEEDED.search,
  message: 'This search took too long and was stopped. Try longer or fewer words, or the start of a SKU.',
};

export interface CatalogService {
  /** Without paging parameters: every product, oldest first. One query either way. */
  listProducts(query: ProductListQuery): Promise<Product[]>;
  /** A page of the list (with a limit) as JSON text, from the short-lived list cache. */
  listProductsJson(query: ProductListQuery): string | Promise<string>;
  /** The list without a limit (up to every product) as encoded bytes, built once per change (#24). */
  fullList(query: ProductListQuery): EncodedList | Promise<EncodedList>;
  /**
   * The same list as a member of a company with contract prices sees it (B2B §5): its own cached encoding per company,
   * rebuilt when the company's prices (`stamp`) or the catalogue change. The anonymous list is untouched by it.
   */
  fullListFor(query: ProductListQuery, member: ContractOverlay): EncodedList | Promise<EncodedList>;
  /** GET /api/catalog: a page of the search, the total and the category facets. */
  catalogPage(query: CatalogQuery): Promise<CatalogPage>;
  getProduct(id: string): Promise<Product>;
  /** `audit`: the staff caller or key whose change the trail records in the write's transaction (B2B §15). */
  createProduct(input: NewProduct, audit: AuditContext | null): Promise<string>;
  /** All or none; ids (and so the catalogue order) follow the list's order. Answers the new ids. */
  createProducts(inputs: NewProduct[], now?: number, audit?: AuditContext | null): Promise<string[]>;
  /** PATCH /api/service/{id}: the merged product must keep its terms; the stock moves atomically. */
  updateProduct(id: string, patch: ProductPatch, audit: AuditContext | null): Promise<Product>;
  deleteProduct(id: string, audit: AuditContext | null): Promise<number>;
  /** Products with the terms the quantity and price rules need, for other modules (the cart). */
  itemsByIds(ids: string[]): Promise<Map<string, CatalogItem>>;
  itemsBySkus(skus: string[]): Promise<Map<string, CatalogItem>>;
  /** Another module took or gave back stock: what the product list shows has changed. */
  stockMoved(): void;
  /** Counts the changes of what the anonymous lists show: an answer read at one count is stale at another. */
  listsVersion(): number;
  /** Every catalogue write outside this file (the CSV import) goes through here, so the caches hear of it. */
  writing<T>(write: () => Promise<T>): Promise<T>;
}

/** A company's contract prices (cents by product id) and what changes whenever they do. */
export interface ContractOverlay {
  companyId: string;
  prices: ReadonlyMap<string, number>;
  stamp: string;
}

/**
 * Companies whose members' full lists are kept encoded at most (each as large as the public list: 35 MB raw at
 * 97,000 products, plus its gzip and brotli); the least recently read is dropped first.
 */
export const MAX_MEMBER_LISTS = 4;

/** A product as other modules see it to price and check a quantity of it. */
export interface CatalogItem {
  id: string;
  sku: string;
  name: string;
  terms: OrderTerms;
}

const toItem = (row: repo.ProductRow): CatalogItem => ({
  id: row.id,
  sku: row.sku,
  name: row.name,
  terms: orderTermsOf(row),
});

/** A product as an audit entry shows it: the API's fields, without the id and the clock fields. */
export function auditedFields(row: repo.ProductRow): Record<string, unknown> {
  const { _id: _omitId, updatedAt: _omitUpdatedAt, ...fields } = toProduct(row);
  return fields;
}

/** What the catalogue needs to record product events (B2B §9) in the transaction of each admin edit. */
export type CatalogWebhooks = Pick<WebhooksService, 'subscribers' | 'event' | 'insert' | 'wake'>;

export interface CatalogDeps {
  database: OpenDatabase;
  webhooks?: CatalogWebhooks;
  lists?: ListCache;
  fullLists?: EncodedListCache;
  now?: () => number;
  /** How long one search (its page, its facets) may run; DEFAULT_SEARCH_BUDGET_MS unless the config says. */
  searchBudgetMs?: number;
}

/** Rows read per query while the full list is built; other requests are served between pages. */
const FULL_LIST_PAGE = 1_000;

export function createCatalogService({
  database,
  webhooks,
  lists = new ListCache(compileSerializer(productSchema.array())),
  fullLists = new EncodedListCache(),
  now = Date.now,
  searchBudgetMs = DEFAULT_SEARCH_BUDGET_MS,
}: CatalogDeps): CatalogService {
  const { db } = database;
  const serializeProduct = compileSerializer(productSchema);
  /** Members' full lists, one encoded cache per company with contract prices (fullListFor). */
  const memberLists = new Map<string, { stamp: string; cache: EncodedListCache }>();
  let listsVersion = 0;

  /** The list's JSON text, written a page of products at a time: the same bytes as the array's serializer writes. */
  const fullListBuilder =
    (query: ProductListQuery, prices?: ReadonlyMap<string, number>): ListBuilder =>
    async (write) => {
      const newestFirst = query.sort === 'newest';
      let after: string | null = null;
      let offset = query.offset ?? 0;
      write('[');
      for (let first = true; ;) {
        const rows = await repo.listPageAfter(db, { after, newestFirst, limit: FULL_LIST_PAGE, offset });
        if (rows.length === 0) break;
        const products = rows.map(toProduct);
        write(
          (first ? '' : ',') +
            (prices
              ? products.map((p) => serializeProduct(withContractPrice(p, prices)))
              : products.map(serializeProduct)
            ).join(','),
        );
        first = false;
        offset = 0;
        after = rows[rows.length - 1]?.id ?? null;
        await yieldToIo();
      }
      write(']');
    };
  // The facets of the unsearched catalogue count every product: computed at most once per LIST_CACHE_TTL_MS (and
  // after each catalogue write), so a category page costs the same at 100 or 100,000 products.
  let allFacets: { rows: Promise<Array<{ name: string; count: number }>>; until: number } | null = null;

  /**
   * Runs a product write in a transaction with its webhook events when an endpoint wants `type`, else as it is;
   * `events` answers the products to report, read in that transaction.
   */
  async function withEvents<T>(
    type: 'product.created' | 'product.updated' | 'product.deleted',
    audit: AuditContext | null,
    write: (trx: Transaction<Database> | undefined) => Promise<T>,
  ): Promise<T> {
    const endpointIds = webhooks ? await webhooks.subscribers(type) : [];
    // An audited change needs its transaction for its entry too (staff edits only: never an order's path).
    if ((!webhooks || endpointIds.length === 0) && !audit) return write(undefined);
    const result = await db.transaction().execute((trx) => write(trx));
    if (endpointIds.length > 0) webhooks?.wake();
    return result;
  }

  /** Records one product event in `trx` when there is one (see withEvents). */
  async function recordProduct(trx: Transaction<Database> | undefined, type: string, row: repo.ProductRow) {
    if (!trx || !webhooks) return;
    const endpointIds = await webhooks.subscribers(type, trx);
    if (endpointIds.length > 0) await webhooks.insert(trx, webhooks.event(type, toProduct(row), endpointIds));
  }

  async function writing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      listsVersion++;
      lists.invalidate();
      fullLists.invalidate();
      memberLists.clear();
      allFacets = null;
    }
  }

  function facets(filter: repo.CatalogFilter) {
    if (filter.terms.length > 0) return repo.countByCategory(database, filter, searchBudgetMs);
    const at = now();
    if (!allFacets || allFacets.until <= at) {
      const rows = repo.countByCategory(database, filter, searchBudgetMs);
      allFacets = { rows, until: at + LIST_CACHE_TTL_MS };
      rows.catch(() => (allFacets = null));
    }
    return allFacets.rows;
  }

  /** Reads, merges, checks and writes an edit; answers undefined when someone else edited the product meanwhile. */
  async function tryUpdate(
    id: string,
    patch: ProductPatch,
    trx: Transaction<Database> | undefined,
    audit: AuditContext | null,
  ): Promise<repo.ProductRow | undefined> {
    const executor = trx ?? db;
    const row = await repo.findProduct(executor, id);
    if (!row) throw notFound('Product');
    const merged = {
      price: patch.price ?? centsToDollars(row.price_cents),
      quantity: patch.quantity ?? row.min_quantity,
      packSize: patch.packSize ?? row.pack_size,
      maxQuantity: patch.maxQuantity === undefined ? row.max_quantity : patch.maxQuantity,
      priceBreaks:
        patch.priceBreaks ??
        parsePriceBreaks(row.price_breaks).map((b) => ({
          minQuantity: b.minQuantity,
          price: centsToDollars(b.priceCents),
        })),
    };
    const problem = productTermsProblem(merged);
    if (problem) throw new AppError(400, 'validation_error', problem.message);
    const adjustment = patch.stockAdjustment ?? 0;
    if (row.available_quantity + adjustment < 0)
      throw new AppError(409, 'stock_below_zero', catalogMessages.stockBelowZero);
    // Strictly later than the version read, so the next edit's check tells the two apart.
    const updatedAt = new Date(Math.max(now(), Date.parse(row.updated_at) + 1)).toISOString();
    const changes: repo.ProductChanges = { updated_at: updatedAt };
    if (patch.name !== undefined) changes.name = patch.name;
    if (patch.description !== undefined) changes.description = patch.description;
    if (patch.img !== undefined) changes.img = patch.img;
    if (patch.price !== undefined) changes.price_cents = dollarsToCents(patch.price);
    if (patch.quantity !== undefined) changes.min_quantity = patch.quantity;
    if (patch.packSize !== undefined) changes.pack_size = patch.packSize;
    if (patch.maxQuantity !== undefined) changes.max_quantity = patch.maxQuantity;
    if (patch.category !== undefined) changes.category = patch.category;
    if (patch.sku !== undefined) changes.sku = patch.sku;
    if (patch.priceBreaks !== undefined) changes.price_breaks = storePriceBreaks(patch.priceBreaks);
    try {
      // A stock adjustment alone needs only the stock condition; an edit of the terms must not overwrite another's.
      const termsChange = Object.keys(patch).some((key) => key !== 'stockAdjustment');
      const updated = await repo.updateProduct(
        executor,
        id,
        changes,
        adjustment,
        termsChange ? row.updated_at : undefined,
      );
      if (updated) {
        await recordProduct(trx, 'product.updated', updated);
        if (trx) await recordAudit(trx, audit, updatedEntry(row, updated, adjustment));
        return updated;
      }
    } catch (error) {
      if (isUniqueViolation(error)) throw skuTaken();
      throw error;
    }
    const current = await repo.findProduct(executor, id);
    if (!current) throw notFound('Product');
    // Orders took the stock between the read and the write: the adjustment no longer fits.
    if (current.updated_at === row.updated_at || current.available_quantity + adjustment < 0)
      throw new AppError(409, 'stock_below_zero', catalogMessages.stockBelowZero);
    return undefined;
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

    fullList(query) {
      const key = `${query.sort === 'newest' ? 'newest' : 'oldest'}:${query.offset ?? 0}`;
      return fullLists.get(key, fullListBuilder(query));
    },

    fullListFor(query, member) {
      let held = memberLists.get(member.companyId);
      memberLists.delete(member.companyId);
      if (!held || held.stamp !== member.stamp) {
        const oldest = memberLists.keys().next();
        if (memberLists.size >= MAX_MEMBER_LISTS && !oldest.done) memberLists.delete(oldest.value);
        held = { stamp: member.stamp, cache: new EncodedListCache() };
      }
      // Re-inserted: the map's order is the order of last use.
      memberLists.set(member.companyId, held);
      const key = `${query.sort === 'newest' ? 'newest' : 'oldest'}:${query.offset ?? 0}`;
      return held.cache.get(key, fullListBuilder(query, member.prices));
    },

    async catalogPage(query) {
      const filter: repo.CatalogFilter = { terms: searchTerms(query.q), category: query.category };
      const sort = query.sort ?? (filter.terms.length > 0 ? 'relevance' : 'newest');
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? CATALOG_PAGE_SIZE;
      // Text that has no letter or digit searches for nothing rather than for everything.
      if (query.q !== undefined && filter.terms.length === 0)
        return { items: [], total: 0, page, pageSize, categories: [] };
      const [rows, categories] = await withinBudget(
        Promise.all([
          repo.searchProducts(
            database,
            filter,
            sort,
            { limit: pageSize, offset: (page - 1) * pageSize },
            searchBudgetMs,
          ),
          facets(filter),
        ]),
        SEARCH_TIMEOUT,
      );
      const total =
        filter.category === undefined
          ? categories.reduce((sum, c) => sum + c.count, 0)
          : (categories.find((c) => c.name === filter.category)?.count ?? 0);
      return { items: rows.map(toProduct), total, page, pageSize, categories };
    },

    async getProduct(id) {
      const row = await repo.findProduct(db, id);
      if (!row) throw notFound('Product');
      return toProduct(row);
    },

    async createProduct(input, audit) {
      const [id] = await service.createProducts([input], now(), audit);
      if (!id) throw new Error('no product was created');
      return id;
    },

    async createProducts(inputs, at = now(), audit = null) {
      // Consecutive timestamps keep the list's order (ids are time-ordered).
      const rows = inputs.map((input, i) => newProductRow(input, at + i));
      try {
        // insertProducts has its own transaction: the events go into it.
        const endpointIds = webhooks ? await webhooks.subscribers('product.created') : [];
        await writing(() =>
          repo.insertProducts(db, rows, async (trx) => {
            for (const row of rows) if (endpointIds.length > 0) await recordProduct(trx, 'product.created', row);
            for (const row of rows) {
              await recordAudit(trx, audit, {
                action: 'product.created',
                targetType: 'product',
                targetId: row.id,
                summary: `Created product ${row.sku} (${row.name})`,
                changes: changedFields(null, auditedFields(row)),
              });
            }
          }),
        );
        if (endpointIds.length > 0) webhooks?.wake();
      } catch (error) {
        if (isUniqueViolation(error)) throw skuTaken();
        throw error;
      }
      return rows.map((row) => row.id);
    },

    async updateProduct(id, patch, audit) {
      // Another admin's edit between our read and our write makes us read again (rare; bounded all the same).
      for (let attempt = 0; attempt < 10; attempt++) {
        const row = await writing(() =>
          withEvents('product.updated', audit, (trx) => tryUpdate(id, patch, trx, audit)),
        );
        if (row) return toProduct(row);
      }
      throw new AppError(409, 'edit_conflict', 'This product is being edited by someone else; please try again');
    },

    async deleteProduct(id, audit) {
      const deleted = await writing(() =>
        withEvents('product.deleted', audit, async (trx) => {
          const before = trx ? await repo.findProduct(trx, id) : undefined;
          const count = await repo.deleteProduct(trx ?? db, id);
          if (before && count > 0) await recordProduct(trx, 'product.deleted', before);
          if (trx && before && count > 0) {
            await recordAudit(trx, audit, {
              action: 'product.deleted',
              targetType: 'product',
              targetId: id,
              summary: `Deleted product ${before.sku} (${before.name})`,
              changes: changedFields(auditedFields(before), null),
            });
          }
          return count;
        }),
      );
      if (deleted === 0) throw notFound('Product');
      return deleted;
    },

    async itemsByIds(ids) {
      return new Map((await repo.findProductsByIds(db, ids)).map((row) => [row.id, toItem(row)]));
    },

    async itemsBySkus(skus) {
      return new Map((await repo.findProductsBySkus(db, skus)).map((row) => [row.sku, toItem(row)]));
    },

    stockMoved() {
      listsVersion++;
      lists.invalidate();
      fullLists.stockMoved();
      for (const held of memberLists.values()) held.cache.stockMoved();
    },
    writing,
    listsVersion: () => listsVersion,
  };
  return service;
}
