// GET /api/admin/audit (B2B §15): the administrators' read of the trail. There is no call that edits or deletes an
// entry: the trail is append-only (record.ts writes it inside each audited change's transaction).
import { auditPageSchema, auditQuerySchema, errorSchema } from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditService } from './service.js';

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    '/admin/audit',
    {
      onRequest: app.requirePermission('admin.manage'),
      schema: {
        tags: ['audit'],
        security: [{ bearer: [] }],
        summary:
          'The audit trail, newest first (admin): actor (user id, e-mail or API key id), action, targetType, targetId, from/to (ISO times; a date is that whole UTC day)',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => audit.page(request.query),
  );
};
