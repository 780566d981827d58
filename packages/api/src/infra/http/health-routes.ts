// GET /health: what a load balancer and the start script wait for.
import { errorSchema, healthSchema } from '@kestrel/shared';
import { pingDatabase } from '../db/create-db.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const database = app.config.database.kind;
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Up when the database answers',
        response: { 200: healthSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(app.db);
        return { status: 'ok' as const, database };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database did not answer');
        return reply.code(503).send({ error: { code: 'unavailable', message: 'The database does not answer' } });
      }
    },
  );
};
