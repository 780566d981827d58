// The admin's webhook calls (B2B §9): register, list (never a secret), change, delete, ping, and the delivery log.
import { auditContextOf } from '../audit/index.js';
import {
  errorSchema,
  idParamsSchema,
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookDeliverySchema,
  webhookPatchSchema,
  webhookSchema,
} from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { WebhooksService } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('webhooks');
const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const webhookRoutes: FastifyPluginAsyncZod<{ webhooks: WebhooksService }> = async (app, { webhooks }) => {
  app.post(
    '/admin/webhooks',
    {
      onRequest: app.requirePermission('admin.manage'),
      schema: {
        tags,
        security,
        summary: 'Register a webhook endpoint; the answer shows its signing secret, this once',
        body: webhookCreateSchema,
        response: { 201: webhookCreatedSchema, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send(await webhooks.create(request.body, auditContextOf(request))),
  );

  app.get(
    '/admin/webhooks',
    {
      onRequest: app.requirePermission('admin.manage'),
      schema: {
        tags,
        security,
        summary: 'Every webhook endpoint (no secrets)',
        response: { 200: webhookSchema.array(), ...refusals },
      },
    },
    () => webhooks.list(),
  );

  app.patch(
    '/admin/webhooks/:id',
    {
      onRequest: app.requirePermission('admin.manage'),
      schema: {
        tags,
        security,
        summary: 'Change the url or events of an endpoint, or enable or disable it',
        params: idParamsSchema,
        body: webhookPatchSchema,
        response: { 200: webhookSchema, ...refusals },
      },
    },
    (request) => webhooks.update(request.params.id, request.body, auditContextOf(request)),
  );

  app.delete(
    '/admin/webhooks/:id',
    {
      onRequest: app.requirePermission('admin.manage'),
      schema: {
        tags,
        security,
        summary: 'Delete an endpoint, its waiting events and its log',
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...refusals },
      },
    },
    async (request, reply) => {
      await webhooks.remove(request.params.id, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/webhooks/:id/ping',
    {
      onRequest: app.requirePermission('admin.manage'),
      schema: {
        tags,
        security,
        summary: 'Send a ping event to the endpoint now; answers the attempt',
        params: idParamsSchema,
        response: { 200: webhookDeliverySchema, ...refusals },
      },
    },
    (request) => webhooks.ping(request.params.id),
  );

  app.get(
    '/admin/webhooks/:id/deliveries',
    {
      onRequest: app.requirePermission('admin.manage'),
      schema: {
        tags,
        security,
        summary: "The endpoint's latest delivery attempts, newest first",
        params: idParamsSchema,
        response: { 200: webhookDeliverySchema.array(), ...refusals },
      },
    },
    (request) => webhooks.deliveries(request.params.id),
  );
};
