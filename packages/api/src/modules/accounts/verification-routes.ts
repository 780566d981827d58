// E-mail confirmation under /api/auth (B2B §7; email-verification.ts holds the rules). Confirming takes no bearer
// token: the link may open in another browser than the one signed in.
import { errorSchema, verifyEmailBodySchema } from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from './auth-plugin.js';
import type { AccountsService } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('auth');

export const verificationRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, { accounts }) => {
  app.post(
    '/auth/verify-email',
    {
      schema: {
        tags,
        summary: "Confirm an e-mail address with its link's token (a second click answers 204 too)",
        body: verifyEmailBodySchema,
        response: { 204: z.null().describe('Confirmed'), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await app.limitAuthAttempt(request);
      await accounts.verifyEmail(request.body.token);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/verify-email/resend',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Mail a new confirmation link (at most one a minute)',
        response: { 202: z.null().describe('Asked'), 401: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      await accounts.resendVerification(currentUser(request));
      return reply.code(202).send(null);
    },
  );
};
