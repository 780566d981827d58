// SQL of the products table. Rows out, rows in; the rules live in services/products.ts and services/orders.ts.
import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../db/create-db.js';
import type { Database, ProductsTable } from '../db/schema.js';

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

export async function insertProduct(db: Executor, row: ProductRow): Promise<void> {
  await db.insertInto('products').values(row).execute();
}

export async function deleteProduct(db: Db, id: string): Promise<number> {
  const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export function countProducts(db: Db): Promise<number> {
  return db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** Gives reserved units back (the product may be gone, then nothing happens). */
export async function releaseStock(trx: Transaction<Database>, id: string, quantity: number): Promise<void> {
  await trx
    .updateTable('products')
    .set((eb) => ({ available_quantity: eb('available_quantity', '+', quantity) }))
    .where('id', '=', id)
    .execute();
}
