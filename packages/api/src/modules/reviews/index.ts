// The reviews module's public entry: what the seed and app.ts may use.
export { reviewRoutes } from './routes.js';
export { createReviewsService, type NewReview, type ReviewsService } from './service.js';
