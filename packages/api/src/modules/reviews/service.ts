// Reviews: anyone reads them, signed-in users write them. Owns the short-lived cache of the review list.
import { reviewSchema, type Review } from '@kestrel/shared';
import type { Db } from '../../infra/db/create-db.js';
import { newId } from '../../infra/db/ids.js';
import { compileSerializer } from '../../infra/http/serialize.js';
import { ListCache } from '../../infra/http/list-cache.js';
import * as repo from './repository.js';

export function toReview(row: repo.ReviewRow): Review {
  const review: Review = { _id: row.id, name: row.name, rating: row.rating, description: row.description };
  if (row.image) review.image = row.image;
  return review;
}

export interface NewReview {
  name: string;
  rating: number;
  description: string;
  image?: string | undefined;
}

export interface ReviewsService {
  listReviews(): Promise<Review[]>;
  /** The same list as JSON text, from the short-lived list cache. */
  listReviewsJson(): string | Promise<string>;
  /** Counts the changes of the list: an answer read at one count is stale at another. */
  listsVersion(): number;
  createReview(input: NewReview, userId: string): Promise<string>;
  /** userId null: a review of the demo seed, written by nobody who can sign in. Ids follow the list's order. */
  createReviews(inputs: NewReview[], userId: string | null, now?: number): Promise<string[]>;
}

export function createReviewsService(
  db: Db,
  lists = new ListCache(compileSerializer(reviewSchema.array())),
): ReviewsService {
  let listsVersion = 0;
  const service: ReviewsService = {
    async listReviews() {
      return (await repo.listReviews(db)).map(toReview);
    },

    listReviewsJson: () => lists.json('review', () => service.listReviews()),
    listsVersion: () => listsVersion,

    async createReview(input, userId) {
      const [id] = await service.createReviews([input], userId);
      if (!id) throw new Error('no review was created');
      return id;
    },

    async createReviews(inputs, userId, now = Date.now()) {
      const rows = inputs.map((input, i): repo.ReviewRow => ({
        id: newId(now + i),
        user_id: userId,
        name: input.name,
        rating: input.rating,
        description: input.description,
        image: input.image ? input.image : null,
        created_at: new Date(now + i).toISOString(),
      }));
      try {
        await repo.insertReviews(db, rows);
      } finally {
        listsVersion++;
        lists.invalidate();
      }
      return rows.map((row) => row.id);
    },
  };
  return service;
}
