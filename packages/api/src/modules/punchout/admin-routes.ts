// The administrator's punch-out connections (B2B §17): create (the shared secret is in this answer only), list
// (never a secret), delete.
import {
  errorSchema,
  idParamsSchema,
  punchoutConnectionCreatedSchema,
  punchoutConnectionCreateSchema,
  punchoutConnectionSchema,
} from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../accounts/index.js';
import { auditContextOf } from '../audit/index.js';
import type { ConnectionsService } from './connections.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('punchout');
const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

export const punchoutAdminRoutes: FastifyPluginAsyncZod<{ connections: ConnectionsService }> = async (
  app,
  { connections },
) => {
  app.post(
    '/admin/punchout',
    {
      onRequest: app.requirePermission('admin.manage'),
      schema: {
        tags,
        security,
        summary: 'Create a punch-out connection (admin); its shared secret is shown in this answer only',
        body: punchoutConnectionCreateSchema,
        response: { 201: punchoutConnectionCreatedSchema, ...refusals, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const created = await connections.create(request.body, currentUser(request).id, auditContextOf(request));
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/admin/punchout',
    {
      onRequest: app.requirePermission('admin.manage'),
      schema: {
        tags,
        security,
        summary: 'The punch-out connections (admin), oldest first, without their secrets',
        response: { 200: punchoutConnectionSchema.array(), ...refusals },
      },
    },
    () => connections.list(),
  );

  app.delete(
    '/admin/punchout/:id',
    {
      onRequest: app.requirePermission('admin.manage'),
      schema: {
        tags,
        security,
        summary: 'Delete a punch-out connection (admin): its open punch-out sessions end',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...refusals, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await connections.remove(request.params.id, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );
};
