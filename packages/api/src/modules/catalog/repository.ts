// SQL of the products table. Rows out, rows in; the rules live in service.ts (and the orders module's stock writes).
import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { Database, ProductsTable } from '../../infra/db/schema.js';

export type ProductRow = Selectable<ProductsTable>;
type Executor = Db | Transaction<Database>;

export interface ListOptions {
  limit: number | undefined;
  offset: number | undefined;
  newestFirst: boolean;
}

export function listProducts(db: Db, { limit, offset, newestFirst }: ListOptions): Promise<ProductRow[]> {
  let query = db
    .selectFrom('products')
    .selectAll()
    .orderBy('id', newestFirst ? 'desc' : 'asc');
  if (limit !== undefined) query = query.limit(limit);
  // SQLite needs a LIMIT before an OFFSET; the largest 32-bit value means "no limit" on both engines.
  if (offset !== undefined) query = (limit === undefined ? query.limit(2_147_483_647) : query).offset(offset);
  return query.execute();
}

export function findProduct(db: Executor, id: string): Promise<ProductRow | undefined> {
  return db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();
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
