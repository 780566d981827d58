// SQL of the reviews table.
import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../db/create-db.js';
import type { Database, ReviewsTable } from '../db/schema.js';

export type ReviewRow = Selectable<ReviewsTable>;

export function listReviews(db: Db): Promise<ReviewRow[]> {
  return db.selectFrom('reviews').selectAll().orderBy('id', 'asc').execute();
}

export async function insertReview(db: Db | Transaction<Database>, row: ReviewRow): Promise<void> {
  await db.insertInto('reviews').values(row).execute();
}
