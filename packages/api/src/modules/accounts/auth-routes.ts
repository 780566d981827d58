// E-mail/password identity under /api/auth (docs/product.md §3). Sign-in and sign-up are rate-limited.
import {
  authProvidersSchema,
  authResponseSchema,
  errorSchema,
  loginBodySchema,
  loginResponseSchema,
  sessionUserSchema,
  signupBodySchema,
  type UserCompany,
} from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isGoogleSignInConfigured } from './google/oidc-settings.js';
import { currentUser } from './auth-plugin.js';
import { AppError } from '../../infra/errors.js';
import { SIGN_IN_LIMITS } from '../../infra/rate-limit/sign-in-limits.js';
import { toUser } from './identity.js';
import type { AccountsService } from './service.js';
import { signInAnswer } from './sign-in-answer.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('auth');

export interface AuthRoutesOptions {
  accounts: AccountsService;
  /**
   * The user's company for the signed-in user's record: the companies module's read, handed in by app.ts because that
   * module builds on this one (it identifies its callers with currentUser).
   */
  companyOf: (userId: string) => Promise<UserCompany | null>;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { accounts, companyOf }) => {
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
      const token = await sessions.issueSession(user.id, request.headers['user-agent']);
      // A new account is in no company yet: joining takes an invite accepted after sign-in.
      return reply.code(201).send({ token, user: { ...toUser(user), company: null } });
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary:
          `Sign in (${SIGN_IN_LIMITS.consecutiveFailures} wrong passwords or codes in a row from one address: it waits ` +
          `${SIGN_IN_LIMITS.blockSeconds / 60} minutes); with two-step sign-in on it answers a challenge for ` +
          'POST /api/auth/2fa/verify instead of a token',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const { email } = request.body;
      await app.limitAuthAttempt(request, email);
      const user = await accounts.logIn(request.body).catch(async (error: unknown) => {
        // Only wrong passwords count against this e-mail and address; a right one clears them.
        if (error instanceof AppError && error.statusCode === 401) await app.authAttemptFailed(request, email);
        throw error;
      });
      if (await accounts.twoFactor.isOn(user.id)) {
        // Not a success yet: the failures of this e-mail and address are cleared only once the code is right too, so
        // someone who knows the password cannot reset the count of codes guessed by signing in again.
        return { twoFactorRequired: true as const, challenge: await accounts.twoFactor.startChallenge(user.id) };
      }
      await app.authAttemptSucceeded(request, email);
      return signInAnswer(sessions, companyOf, user, request);
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
      schema: {
        tags,
        security,
        summary: 'The signed-in user and their company (null in none)',
        response: { 200: sessionUserSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const { id, email, name, role, emailVerified, punchoutId } = currentUser(request);
      const company = await companyOf(id);
      return { _id: id, email, name, role, emailVerified, company, ...(punchoutId ? { punchout: true as const } : {}) };
    },
  );

  app.get(
    '/auth/providers',
    { schema: { tags, summary: 'Sign-in methods besides e-mail/password', response: { 200: authProvidersSchema } } },
    async () => ({ google: isGoogleSignInConfigured(app.config) }),
  );
};
