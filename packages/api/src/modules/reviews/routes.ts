// GET/POST /review: anyone reads, signed-in users write.
import { errorSchema, insertedIdSchema, reviewCreateSchema, reviewSchema } from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../accounts/index.js';
import { sendJsonText } from '../../infra/http/json-text.js';
import type { ReviewsService } from './service.js';

const tags = ['reviews'];

export const reviewRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  app.get(
    '/review',
    { schema: { tags, summary: 'Reviews, oldest first', response: { 200: reviewSchema.array() } } },
    // The list's JSON text comes from the short-lived list cache; sent as Fastify would send the serialised array.
    (_request, reply) => sendJsonText(reply, reviews.listReviewsJson()),
  );

  app.post(
    '/review',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'Add a review',
        body: reviewCreateSchema,
        response: { 201: insertedIdSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const insertedId = await reviews.createReview(request.body, currentUser(request).id);
      return reply.code(201).send({ insertedId });
    },
  );
};
