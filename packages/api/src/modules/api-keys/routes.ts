// The administrator's API keys (B2B §9): create (the key is in this answer only), list (never a key), revoke.
import { auditContextOf } from '../audit/index.js';
import { apiKeyCreatedSchema, apiKeyCreateSchema, apiKeySchema, errorSchema, idParamsSchema } from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../accounts/index.js';
import type { ApiKeysService } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('integrations');
const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema };

export const apiKeyRoutes: FastifyPluginAsyncZod<{ keys: ApiKeysService }> = async (app, { keys }) => {
  app.post(
    '/admin/api-keys',
    {
      onRequest: app.requirePermission('admin.manage'),
      schema: {
        tags,
        security,
        summary: 'Create an API key with scopes (admin); the key is shown in this answer only',
        body: apiKeyCreateSchema,
        response: { 201: apiKeyCreatedSchema, ...refusals },
      },
    },
    async (request, reply) => {
      // No cache may keep the one copy of the key.
      void reply.header('cache-control', 'no-store');
      return reply.code(201).send(await keys.create(request.body, currentUser(request).id, auditContextOf(request)));
    },
  );

  app.get(
    '/admin/api-keys',
    {
      onRequest: app.requirePermission('admin.manage'),
      schema: {
        tags,
        security,
        summary: 'The live API keys (admin), oldest first, without the keys themselves',
        response: { 200: apiKeySchema.array(), ...refusals },
      },
    },
    () => keys.list(),
  );

  app.delete(
    '/admin/api-keys/:id',
    {
      onRequest: app.requirePermission('admin.manage'),
      schema: {
        tags,
        security,
        summary: 'Revoke an API key (admin): every instance refuses it within a second',
        params: idParamsSchema,
        response: { 204: z.null().describe('Revoked'), ...refusals, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await keys.revoke(request.params.id, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );
};
