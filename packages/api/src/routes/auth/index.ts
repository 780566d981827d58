// E-mail/password identity under /api/auth (PRODUCT.md §3). Sign-in and sign-up are rate-limited.
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
import { isGoogleSignInConfigured } from '../../auth/oidc/oidc-settings.js';
import { currentUser } from '../../plugins/auth.js';
import { LOGIN_PER_EMAIL } from '../../plugins/rate-limit.js';
import { logIn, signUp, toUser } from '../../services/identity.js';

const tags = ['auth'];
const security = [{ bearer: [] }];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const user = await signUp(app.db, request.body);
      const token = await app.sessions.issueSession(user.id);
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
      const user = await logIn(app.db, request.body);
      // Only failed attempts should count against the account.
      await app.limiter.reset(`login:email:${email}`);
      return { token: await app.sessions.issueSession(user.id), user: toUser(user) };
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
      await app.sessions.revoke(currentUser(request).sessionId);
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
