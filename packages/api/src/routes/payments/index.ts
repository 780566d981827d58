// Placeholders until the payments engineer wires src/payments/ here: signed-in callers get 501, others 401.
import { errorSchema, orderPayBodySchema, paymentIntentBodySchema, idParamsSchema } from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';

const tags = ['payments'];
const security = [{ bearer: [] }];
const notImplemented = () => {
  throw new AppError(501, 'not_implemented', 'Payments are not available yet');
};

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/create-payment-intent',
    {
      onRequest: app.requireUser,
      schema: { tags, security, body: paymentIntentBodySchema, response: { 401: errorSchema, 501: errorSchema } },
    },
    notImplemented,
  );
  app.patch(
    '/orders/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: orderPayBodySchema,
        response: { 401: errorSchema, 501: errorSchema },
      },
    },
    notImplemented,
  );
};
