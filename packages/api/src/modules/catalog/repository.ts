// SQL of the products table. Rows out, rows in; the rules live in service.ts (and the orders module's stock writes).
// Search is each database's own full-text index (migration 004): FTS5 on SQLite, a tsvector with GIN on PostgreSQL.
import { sql, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import { z } from 'zod';
import { boundedRead } from '../../infra/db/bounded-read.js';
import type { Db, OpenDatabase } from '../../infra/db/create-db.js';
import type { Database, ProductsTable } from '../../infra/db/schema.js';

export type ProductRow = Selectable<ProductsTable>;
type Executor = Db | Transaction<Database>;

/** Every column of a product (PostgreSQL's search vector stays inside the database). */
const COLUMNS = [
  'id',
  'name',
  'price_cents',
  'img',
  'min_quantity',
  'available_quantity',
  'description',
  'created_at',
  'sku',
  'category',
  'pack_size',
  'max_quantity',
  'price_breaks',
  'updated_at',
] as const;
const PREFIXED = sql.raw(COLUMNS.map((c) => `p.${c}`).join(', '));

export interface ListOptions {
  limit: number | undefined;
  offset: number | undefined;
  newestFirst: boolean;
}

export function listProducts(db: Db, { limit, offset, newestFirst }: ListOptions): Promise<ProductRow[]> {
  let query = db
    .selectFrom('products')
    .select(COLUMNS)
    .orderBy('id', newestFirst ? 'desc' : 'asc');
  if (limit !== undefined) query = query.limit(limit);
  // SQLite needs a LIMIT before an OFFSET; the largest 32-bit value means "no limit" on both engines.
  if (offset !== undefined) query = (limit === undefined ? query.limit(2_147_483_647) : query).offset(offset);
  return query.execute();
}

export function findProduct(db: Executor, id: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findProductsByIds(db: Db, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('products').select(COLUMNS).where('id', 'in', ids).execute();
}

export function findProductsBySkus(db: Db, skus: string[]): Promise<ProductRow[]> {
  if (skus.length === 0) return Promise.resolve([]);
  return db.selectFrom('products').select(COLUMNS).where('sku', 'in', skus).execute();
}

/** A page of the whole list after (or, newest first, before) a product: the full list is read in such pages. */
export function listPageAfter(
  db: Db,
  { after, newestFirst, limit, offset }: { after: string | null; newestFirst: boolean; limit: number; offset: number },
): Promise<ProductRow[]> {
  let query = db
    .selectFrom('products')
    .select(COLUMNS)
    .orderBy('id', newestFirst ? 'desc' : 'asc')
    .limit(limit);
  if (after !== null) query = query.where('id', newestFirst ? '<' : '>', after);
  if (offset > 0) query = query.offset(offset);
  return query.execute();
}

/** Every product in catalogue order, a page at a time (the CSV export walks them without holding them all). */
export function productsAfter(db: Db, afterId: string, limit: number): Promise<ProductRow[]> {
  return db.selectFrom('products').select(COLUMNS).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

export async function insertProduct(db: Executor, row: ProductRow): Promise<void> {
  await db.insertInto('products').values(row).execute();
}

/** Inserts all the rows or none; `also` writes in the same transaction (the products' webhook events). */
export async function insertProducts(
  db: Db,
  rows: ProductRow[],
  also?: (trx: Transaction<Database>) => Promise<void>,
): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const row of rows) await trx.insertInto('products').values(row).execute();
    await also?.(trx);
  });
}

export async function deleteProduct(db: Executor, id: string): Promise<number> {
  const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The product fields an edit may set (never the stock: that only moves by an adjustment). */
export type ProductChanges = Partial<Omit<ProductRow, 'id' | 'created_at' | 'available_quantity'>>;

/**
 * One atomic edit: sets `changes` and adds `stockAdjustment` to the stock, only while the stock stays >= 0 and, when
 * `unchangedSince` is given, only if nobody edited the product after that moment (the caller checked the merged terms
 * against what it read). Orders never touch updated_at, so they never make an edit retry. Answers the new row, or
 * undefined when a condition failed (the caller reads again to say which).
 */
export async function updateProduct(
  db: Executor,
  id: string,
  changes: ProductChanges,
  stockAdjustment: number,
  unchangedSince: string | undefined,
): Promise<ProductRow | undefined> {
  let query = db
    .updateTable('products')
    .set((eb) => ({
      ...changes,
      ...(stockAdjustment === 0 ? {} : { available_quantity: eb('available_quantity', '+', stockAdjustment) }),
    }))
    .where('id', '=', id);
  if (stockAdjustment < 0) query = query.where('available_quantity', '>=', -stockAdjustment);
  if (unchangedSince !== undefined) query = query.where('updated_at', '=', unchangedSince);
  return query.returning(COLUMNS).executeTakeFirst();
}

export type CatalogSortKey = 'relevance' | 'newest' | 'price-asc' | 'price-desc' | 'name';

/** One word of a search, as the user typed it (between spaces). */
export interface SearchTerm {
  /** Its lower-case letter/digit runs, matched as a phrase in the name or description. */
  tokens: string[];
  /** Whether the last token also matches longer words (false for a one-character token: docs/product.md §1). */
  prefix: boolean;
  /** Upper-cased, when it can begin a SKU: it then also matches every product whose SKU starts with it. */
  skuPrefix: string | null;
}

export interface CatalogFilter {
  /** Every term must match. */
  terms: SearchTerm[];
  category: string | undefined;
}

function orderBy(sort: CatalogSortKey, relevance: RawBuilder<unknown> | null): RawBuilder<unknown> {
  switch (sort) {
    case 'relevance':
      return relevance ? sql`${relevance}, p.id DESC` : sql`p.id DESC`;
    case 'price-asc':
      return sql`p.price_cents ASC, p.id ASC`;
    case 'price-desc':
      return sql`p.price_cents DESC, p.id DESC`;
    case 'name':
      return sql`p.name ASC, p.id ASC`;
    case 'newest':
      return sql`p.id DESC`;
  }
}

/** FTS5: the term's tokens as one phrase, the last one a prefix when the term allows (tokens hold letters, digits). */
const ftsPhrase = (term: SearchTerm) => `"${term.tokens.join(' ')}"${term.prefix ? '*' : ''}`;
/** tsquery: the same phrase, token after token. */
const tsPhrase = (term: SearchTerm) =>
  term.tokens.map((t, i) => (term.prefix && i === term.tokens.length - 1 ? `${t}:*` : t)).join(' <-> ');

/**
 * The SKU condition of a term: on SQLite a range of the unique SKU index (SKUs hold only A-Z, 0-9 and '-', all below
 * '~'); on PostgreSQL a LIKE prefix, which its text_pattern_ops index answers (the term has no % or _).
 */
function skuStartsWith(database: OpenDatabase, prefix: string): RawBuilder<unknown> {
  return database.sqlite ? sql`(p.sku >= ${prefix} AND p.sku < ${`${prefix}~`})` : sql`p.sku LIKE ${`${prefix}%`}`;
}

/**
 * What the filter matches. On SQLite each term's text match is a MATERIALIZED common table expression, so FTS5 runs it
 * once per query (left to the planner, the match of a join or an IN ran again for every product: issue #24).
 */
interface Matching {
  /** Common table expressions the conditions name (SQLite). */
  ctes: RawBuilder<unknown>[];
  where: RawBuilder<unknown>;
}

function matching(
  database: OpenDatabase,
  filter: CatalogFilter,
  { withCategory }: { withCategory: boolean },
): Matching {
  const ctes: RawBuilder<unknown>[] = [];
  const conditions = filter.terms.map((term, i) => {
    const either: RawBuilder<unknown>[] = [];
    if (term.tokens.length > 0) {
      if (database.sqlite) {
        const name = sql.raw(`m${i}`);
        ctes.push(
          sql`${name} AS MATERIALIZED (SELECT rowid FROM products_fts WHERE products_fts MATCH ${ftsPhrase(term)})`,
        );
        either.push(sql`p.rowid IN ${name}`);
      } else either.push(sql`p.search @@ to_tsquery('simple', ${tsPhrase(term)})`);
    }
    if (term.skuPrefix) either.push(skuStartsWith(database, term.skuPrefix));
    return either.length === 0 ? sql`FALSE` : sql`(${sql.join(either, sql` OR `)})`;
  });
  if (withCategory && filter.category !== undefined) conditions.push(sql`p.category = ${filter.category}`);
  return { ctes, where: conditions.length === 0 ? sql`` : sql`WHERE ${sql.join(conditions, sql` AND `)}` };
}

const withClause = (ctes: RawBuilder<unknown>[]) => (ctes.length === 0 ? sql`` : sql`WITH ${sql.join(ctes)} `);

/**
 * Relevance: a product whose SKU starts with a term first, then the text rank of the terms in name and description
 * (a name match weighs more: bm25's column weights on SQLite, the tsvector's A and C weights on PostgreSQL).
 */
function relevance(
  database: OpenDatabase,
  filter: CatalogFilter,
): { cte: RawBuilder<unknown> | null; join: RawBuilder<unknown>; order: RawBuilder<unknown> } {
  const prefixes = filter.terms.flatMap((t) => (t.skuPrefix ? [skuStartsWith(database, t.skuPrefix)] : []));
  const skuFirst = prefixes.length > 0 ? sql`CASE WHEN ${sql.join(prefixes, sql` OR `)} THEN 0 ELSE 1 END, ` : sql``;
  const texts = filter.terms.filter((t) => t.tokens.length > 0);
  if (texts.length === 0) return { cte: null, join: sql``, order: sql`${skuFirst}p.id DESC` };
  if (database.sqlite) {
    const any = texts.map(ftsPhrase).join(' OR ');
    return {
      cte: sql`ranked AS MATERIALIZED (SELECT rowid, bm25(products_fts, 10.0, 1.0) AS rank FROM products_fts
        WHERE products_fts MATCH ${any})`,
      join: sql`LEFT JOIN ranked r ON r.rowid = p.rowid`,
      order: sql`${skuFirst}r.rank ASC NULLS LAST`,
    };
  }
  const any = texts.map((t) => `(${tsPhrase(t)})`).join(' | ');
  return { cte: null, join: sql``, order: sql`${skuFirst}ts_rank(p.search, to_tsquery('simple', ${any})) DESC` };
}

const productRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  price_cents: z.number(),
  img: z.string(),
  min_quantity: z.number(),
  available_quantity: z.number(),
  description: z.string(),
  created_at: z.string(),
  sku: z.string(),
  category: z.string(),
  pack_size: z.number(),
  max_quantity: z.number().nullable(),
  price_breaks: z.string(),
  updated_at: z.string(),
}) satisfies z.ZodType<ProductRow>;
const categoryCountsSchema = z.array(z.object({ name: z.string(), count: z.coerce.number() }));

/**
 * A page of the products matching the filter, in the given order: a bounded read (infra/db/bounded-read.ts), off the
 * event loop on SQLite, stopped past `budgetMs` on either database.
 */
export async function searchProducts(
  database: OpenDatabase,
  filter: CatalogFilter,
  sort: CatalogSortKey,
  page: { limit: number; offset: number },
  budgetMs: number,
): Promise<ProductRow[]> {
  const ranked = sort === 'relevance' && filter.terms.length > 0 ? relevance(database, filter) : null;
  const { ctes, where } = matching(database, filter, { withCategory: true });
  const query = sql`${withClause(ranked?.cte ? [...ctes, ranked.cte] : ctes)}
    SELECT ${PREFIXED} FROM products p ${ranked?.join ?? sql``} ${where}
    ORDER BY ${orderBy(sort, ranked?.order ?? null)}
    LIMIT ${page.limit} OFFSET ${page.offset}`.compile(database.db);
  return z.array(productRowSchema).parse(await boundedRead(database, query, budgetMs));
}

/** How many products match the filter's terms in each category (the category filter is not applied); bounded too. */
export async function countByCategory(
  database: OpenDatabase,
  filter: CatalogFilter,
  budgetMs: number,
): Promise<Array<{ name: string; count: number }>> {
  const { ctes, where } = matching(database, filter, { withCategory: false });
  const query = sql`${withClause(ctes)}
    SELECT p.category AS name, count(*) AS count FROM products p ${where}
    GROUP BY p.category ORDER BY p.category`.compile(database.db);
  return categoryCountsSchema.parse(await boundedRead(database, query, budgetMs));
}
