// Forgotten and changed passwords under /api/auth (B2B §7; password-care.ts holds the rules). Every call that takes
// a token or a password is rate-limited per address like sign-in.
import {
  changePasswordBodySchema,
  errorSchema,
  forgotPasswordBodySchema,
  resetPasswordBodySchema,
} from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../infra/errors.js';
import { currentUser } from './auth-plugin.js';
import type { AccountsService } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('auth');

export const passwordRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, { accounts }) => {
  app.post(
    '/auth/password/forgot',
    {
      schema: {
        tags,
        summary: 'Mail a link to choose a new password (202 whether or not an account has this e-mail)',
        body: forgotPasswordBodySchema,
        response: { 202: z.null().describe('Asked'), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await app.limitAuthAttempt(request);
      await accounts.requestPasswordReset(request.body.email);
      return reply.code(202).send(null);
    },
  );

  app.post(
    '/auth/password/reset',
    {
      schema: {
        tags,
        summary: "Set a new password with a reset link's token; every session of the account ends",
        body: resetPasswordBodySchema,
        response: { 204: z.null().describe('Password set'), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await app.limitAuthAttempt(request);
      await accounts.resetPassword(request.body.token, request.body.password);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/password/change',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Change your password; your other sessions end (400, not 401, for a wrong current password)',
        body: changePasswordBodySchema,
        response: {
          204: z.null().describe('Password changed'),
          400: errorSchema,
          401: errorSchema,
          409: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      // A stolen token must not become a way to guess the password: counted like sign-in attempts.
      await app.limitAuthAttempt(request, caller.email);
      try {
        await accounts.changePassword(caller, request.body);
      } catch (error) {
        if (error instanceof AppError && error.code === 'wrong_password') {
          await app.authAttemptFailed(request, caller.email);
        }
        throw error;
      }
      await app.authAttemptSucceeded(request, caller.email);
      return reply.code(204).send(null);
    },
  );
};
