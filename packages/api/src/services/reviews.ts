// Reviews: anyone reads them, signed-in users write them.
import type { Review } from '@kestrel/shared';
import type { Db } from '../db/create-db.js';
import { newId } from '../db/ids.js';
import * as repo from '../repositories/reviews.js';
import { invalidateLists, listCache } from './list-cache.js';

export function toReview(row: repo.ReviewRow): Review {
  const review: Review = { _id: row.id, name: row.name, rating: row.rating, description: row.description };
  if (row.image) review.image = row.image;
  return review;
}

export async function listReviews(db: Db): Promise<Review[]> {
  return (await repo.listReviews(db)).map(toReview);
}

/** The same list as JSON text, from the short-lived list cache (services/list-cache.ts). */
export function listReviewsJson(db: Db): string | Promise<string> {
  return listCache(db).json('review', () => listReviews(db));
}

export interface NewReview {
  name: string;
  rating: number;
  description: string;
  image?: string | undefined;
}

export function reviewRow(input: NewReview, userId: string | null, now = Date.now()): repo.ReviewRow {
  return {
    id: newId(now),
    user_id: userId,
    name: input.name,
    rating: input.rating,
    description: input.description,
    image: input.image ? input.image : null,
    created_at: new Date(now).toISOString(),
  };
}

export async function createReview(db: Db, input: NewReview, userId: string): Promise<string> {
  const row = reviewRow(input, userId);
  try {
    await repo.insertReview(db, row);
  } finally {
    invalidateLists(db);
  }
  return row.id;
}
