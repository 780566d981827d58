// SQL of the products table. Rows out, rows in; the rules live in service.ts (and the orders module's stock writes).
// Search is each database's own full-text index (migration 004): FTS5 on SQLite, a tsvector with GIN on PostgreSQL.
import { sql, type RawBuilder, type Selectable, type Transaction } from 'kysely';
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

/** Every product in catalogue order, a page at a time (the CSV export walks them without holding them all). */
export function productsAfter(db: Db, afterId: string, limit: number): Promise<ProductRow[]> {
  return db.selectFrom('products').select(COLUMNS).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

export async function insertProduct(db: Executor, row: ProductRow): Promise<void> {
  await db.insertInto('products').values(row).execute();
}

/** Inserts all the rows or none. */
export async function insertProducts(db: Db, rows: ProductRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const row of rows) await trx.insertInto('products').values(row).execute();
  });
}

export async function deleteProduct(db: Db, id: string): Promise<number> {
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

export interface CatalogFilter {
  /** Lower-case letter/digit runs of the search; every one must prefix-match a word of name, description or SKU. */
  words: string[];
  category: string | undefined;
}

function orderBy(sort: CatalogSortKey, rank: RawBuilder<unknown> | null): RawBuilder<unknown> {
  switch (sort) {
    case 'relevance':
      return rank ? sql`${rank}, p.id DESC` : sql`p.id DESC`;
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

/** The FTS5 query: each word a quoted prefix term, all of them required. */
const ftsQuery = (words: string[]) => words.map((w) => `"${w}"*`).join(' ');
/** The tsquery: each word a prefix term, all of them required (words hold only letters and digits). */
const tsQuery = (words: string[]) => words.map((w) => `${w}:*`).join(' & ');

/** FROM ... WHERE for the filter: with words on SQLite, the FTS5 table joined to products (so bm25 can rank). */
function fromWhere(database: OpenDatabase, filter: CatalogFilter, { withCategory }: { withCategory: boolean }) {
  const conditions: RawBuilder<unknown>[] = [];
  let from = sql`FROM products p`;
  if (filter.words.length > 0 && database.sqlite) {
    from = sql`FROM products_fts JOIN products p ON p.rowid = products_fts.rowid`;
    conditions.push(sql`products_fts MATCH ${ftsQuery(filter.words)}`);
  } else if (filter.words.length > 0) {
    conditions.push(sql`p.search @@ to_tsquery('simple', ${tsQuery(filter.words)})`);
  }
  if (withCategory && filter.category !== undefined) conditions.push(sql`p.category = ${filter.category}`);
  return conditions.length === 0 ? from : sql`${from} WHERE ${sql.join(conditions, sql` AND `)}`;
}

/** A page of the products matching the filter, in the given order. */
export async function searchProducts(
  database: OpenDatabase,
  filter: CatalogFilter,
  sort: CatalogSortKey,
  limit: number,
  offset: number,
): Promise<ProductRow[]> {
  const searching = filter.words.length > 0;
  // bm25 ranks better matches lower on SQLite; ts_rank higher on PostgreSQL. A match in the name or SKU weighs more
  // than one in the description (bm25's column weights; the tsvector's A and C weights, migration 004).
  const rank = !searching
    ? null
    : database.sqlite
      ? sql`bm25(products_fts, 10.0, 1.0, 10.0) ASC`
      : sql`ts_rank(p.search, to_tsquery('simple', ${tsQuery(filter.words)})) DESC`;
  const { rows } = await sql<ProductRow>`
    SELECT ${PREFIXED} ${fromWhere(database, filter, { withCategory: true })}
    ORDER BY ${orderBy(sort, rank)}
    LIMIT ${limit} OFFSET ${offset}`.execute(database.db);
  return rows;
}

/** How many products match the filter's words in each category (the category filter is not applied). */
export async function countByCategory(
  database: OpenDatabase,
  filter: CatalogFilter,
): Promise<Array<{ name: string; count: number }>> {
  const { rows } = await sql<{ name: string; count: number | string }>`
    SELECT p.category AS name, count(*) AS count
    ${fromWhere(database, filter, { withCategory: false })}
    GROUP BY p.category ORDER BY p.category`.execute(database.db);
  return rows.map((r) => ({ name: r.name, count: Number(r.count) }));
}
