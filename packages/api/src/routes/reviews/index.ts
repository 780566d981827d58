// GET/POST /review (SPEC.md §7): anyone reads, signed-in users write.
import { errorSchema, insertedIdSchema, reviewCreateSchema, reviewSchema } from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { sendJsonText } from '../json-text.js';
import * as reviews from '../../services/reviews.js';

const tags = ['reviews'];

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/review',
    { schema: { tags, summary: 'Reviews, oldest first', response: { 200: reviewSchema.array() } } },
    // The list's JSON text comes from the short-lived list cache; sent as Fastify would send the serialised array.
    (_request, reply) => sendJsonText(reply, reviews.listReviewsJson(app.db)),
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
      const insertedId = await reviews.createReview(app.db, request.body, currentUser(request).id);
      return reply.code(201).send({ insertedId });
    },
  );
};
