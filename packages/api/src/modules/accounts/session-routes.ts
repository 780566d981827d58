// The caller's own sessions under /api/auth (B2B §7): which devices are signed in, and signing one or all of them out.
import { errorSchema, sessionListSchema } from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../infra/errors.js';
import { currentUser } from './auth-plugin.js';
import type { AccountsService } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('auth');

export const sessionRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, { accounts }) => {
  const { sessions } = accounts;

  app.get(
    '/auth/sessions',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Your live sessions, most recently seen first',
        response: { 200: sessionListSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      return sessions.list(caller.id, caller.sessionId);
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Sign one of your sessions out (it may be this one)',
        // Any text: an id that is not the caller's answers 404 like an unknown one.
        params: z.object({ id: z.string().max(100) }),
        response: { 204: z.null().describe('Signed out'), 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      if (!(await sessions.revokeOwn(caller.id, request.params.id))) throw notFound('Session');
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/logout-all',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Sign out everywhere: every session of yours ends, this one included',
        response: { 204: z.null().describe('Signed out everywhere'), 401: errorSchema },
      },
    },
    async (request, reply) => {
      await sessions.revokeAllOf(currentUser(request).id);
      return reply.code(204).send(null);
    },
  );
};
