// GET/POST /review: anyone reads, signed-in users write.
import { errorSchema, insertedIdSchema, reviewCreateSchema, reviewSchema } from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../accounts/index.js';
import type { AnswerReplay } from '../../infra/http/answer-replay.js';
import { sendJsonText } from '../../infra/http/json-text.js';
import type { ReviewsService } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags } = routeDocs('reviews');

export const reviewRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService; replay?: AnswerReplay }> = async (
  app,
  { reviews, replay },
) => {
  app.get(
    '/review',
    {
      schema: { tags, summary: 'Reviews, oldest first', response: { 200: reviewSchema.array() } },
      ...(replay ? { onSend: replay.capture } : {}),
    },
    // The list's JSON text comes from the short-lived list cache; sent as Fastify would send the serialised array,
    // and offered for replay below Fastify until the list changes.
    (request, reply) => {
      replay?.offer(request, reviews.listsVersion);
      return sendJsonText(reply, reviews.listReviewsJson());
    },
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
