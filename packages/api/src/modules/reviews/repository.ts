// SQL of the reviews table.
import type { Selectable } from 'kysely';
import type { Db } from '../../infra/db/create-db.js';
import type { ReviewsTable } from '../../infra/db/schema.js';

export type ReviewRow = Selectable<ReviewsTable>;

export function listReviews(db: Db): Promise<ReviewRow[]> {
  return db.selectFrom('reviews').selectAll().orderBy('id', 'asc').execute();
}

/** Inserts all the rows or none. */
export async function insertReviews(db: Db, rows: ReviewRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.transaction().execute(async (trx) => {
    for (const row of rows) await trx.insertInto('reviews').values(row).execute();
  });
}
