// E-mail/password identity under /api/auth (docs/product.md §3). Sign-in and sign-up are rate-limited.
import {
  authProvidersSchema,
  authResponseSchema,
  errorSchema,
  loginBodySchema,
  signupBodySchema,
  userSchema,
} from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isGoogleSignInConfigured } from './google/oidc-settings.js';
import { currentUser } from './auth-plugin.js';
import { LOGIN_PER_EMAIL } from '../../infra/rate-limit/rate-limit-plugin.js';
import { toUser } from './identity.js';
import type { AccountsService } from './service.js';

const tags = ['auth'];
const security = [{ bearer: [] }];

export const authRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, { accounts }) => {
  const { sessions } = accounts;
  app.post(
    '/auth/signup',
    {
      schema: {
        tags,
        summary: 'Create an account and sign in',
        body: signupBodySchema,
        response: { 201: authResponseSchema, 400: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await app.limitAuthAttempt(request);
      const user = await accounts.signUp(request.body);
      const token = await sessions.issueSession(user.id);
      return reply.code(201).send({ token, user: toUser(user) });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: `Sign in (at most ${LOGIN_PER_EMAIL.limit} attempts per account per 15 minutes)`,
        body: loginBodySchema,
        response: { 200: authResponseSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const { email } = request.body;
      await app.limitAuthAttempt(request, email);
      const user = await accounts.logIn(request.body);
      // Only failed attempts should count against the account.
      await app.limiter.reset(`login:email:${email}`);
      return { token: await sessions.issueSession(user.id), user: toUser(user) };
    },
  );

  app.post(
    '/auth/logout',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Sign out: the token stops working',
        response: { 204: z.null().describe('Signed out'), 401: errorSchema },
      },
    },
    async (request, reply) => {
      await sessions.revoke(currentUser(request).sessionId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/auth/me',
    {
      onRequest: app.requireUser,
      schema: { tags, security, summary: 'The signed-in user', response: { 200: userSchema, 401: errorSchema } },
    },
    async (request) => {
      const { id, email, name, role } = currentUser(request);
      return { _id: id, email, name, role };
    },
  );

  app.get(
    '/auth/providers',
    { schema: { tags, summary: 'Sign-in methods besides e-mail/password', response: { 200: authProvidersSchema } } },
    async () => ({ google: isGoogleSignInConfigured(app.config) }),
  );
};
