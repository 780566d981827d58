// GET /api/admin/stats (B2B §8): administrators only; API keys are refused by their own check (no scope names it).
import { adminStatsQuerySchema, adminStatsSchema, errorSchema } from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StatsService } from './service.js';

export const statsRoutes: FastifyPluginAsyncZod<{ stats: StatsService }> = async (app, { stats }) => {
  app.get(
    '/admin/stats',
    {
      onRequest: app.requirePermission('stats.read'),
      schema: {
        tags: ['admin'],
        security: [{ bearer: [] }],
        summary:
          'Revenue per day and top products (paid orders, by the day paid), orders by status (created in the ' +
          'range), low stock and receivables (owed on account now, open and overdue); from/to are UTC days from ' +
          '2000-01-01 to 2099-12-31, both included, last 30 days by default, at most 366',
        querystring: adminStatsQuerySchema,
        response: { 200: adminStatsSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 503: errorSchema },
      },
    },
    async (request, reply) => {
      // Figures of a moment: no cache keeps them.
      void reply.header('cache-control', 'no-store');
      return stats.stats(request.query);
    },
  );
};
