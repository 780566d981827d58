// SQL of the sitemap (B2B §18): its walk over every product, keyset-paged so a catalogue of 100,000 is never read at
// once. The pages themselves read the catalogue's own service (its list cache, its search).
import { sql } from 'kysely';
import { z } from 'zod';
import { boundedRead } from '../../infra/db/bounded-read.js';
import type { Db, OpenDatabase } from '../../infra/db/create-db.js';

export interface ProductStamp {
  id: string;
  updated_at: string;
}

/** The next `limit` products after `afterId` in id order ('' for the first), with their last change. */
export function productStampsAfter(db: Db, afterId: string, limit: number): Promise<ProductStamp[]> {
  return db
    .selectFrom('products')
    .select(['id', 'updated_at'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

const countRow = z.object({ count: z.coerce.number() });
const idRow = z.object({ id: z.string() });

/** How many products there are, off the event loop on SQLite (a scan of the id index) within `budgetMs`. */
export async function countProducts(database: OpenDatabase, budgetMs: number): Promise<number> {
  const query = sql<{ count: number }>`SELECT COUNT(*) AS count FROM products`.compile(database.db);
  const [row] = await boundedRead(database, query, budgetMs);
  return countRow.parse(row).count;
}

/**
 * The id just before the product at `position` (0-based, id order), where a part of the sitemap starts its walk; ''
 * at position 0, undefined past the end. Read off the event loop on SQLite: it steps over `position` index entries.
 */
export async function idBeforePosition(
  database: OpenDatabase,
  position: number,
  budgetMs: number,
): Promise<string | undefined> {
  if (position === 0) return '';
  const query = sql`SELECT id FROM products ORDER BY id LIMIT 1 OFFSET ${position - 1}`.compile(database.db);
  const [row] = await boundedRead(database, query, budgetMs);
  return row === undefined ? undefined : idRow.parse(row).id;
}
