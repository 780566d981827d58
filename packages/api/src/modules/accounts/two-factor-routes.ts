// Two-step sign-in under /api/auth/2fa (B2B §15): the caller's state, setup, enable and disable, and the code step
// that finishes a sign-in. Wrong codes are counted by the sign-in throttle exactly as wrong passwords are, per e-mail
// and address (infra/rate-limit/sign-in-limits.ts): from one address they soon wait, from another the owner still
// signs in.
import {
  authResponseSchema,
  errorSchema,
  recoveryCodesSchema,
  twoFactorDisableBodySchema,
  twoFactorEnableBodySchema,
  twoFactorSetupSchema,
  twoFactorStatusSchema,
  twoFactorVerifyBodySchema,
} from '@kestrel/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../infra/errors.js';
import { currentUser } from './auth-plugin.js';
import type { AuthRoutesOptions } from './auth-routes.js';
import { signInAnswer } from './sign-in-answer.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('auth');
/** The refusals a guess can earn: each counts like a wrong password. */
const COUNTED = new Set(['invalid_code', 'wrong_password', 'challenge_expired']);

export const twoFactorRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { accounts, companyOf }) => {
  const { twoFactor } = accounts;

  /** Runs a code check under the throttle of `email` from the caller's address. */
  async function throttled<T>(request: FastifyRequest, email: string | undefined, check: () => Promise<T>) {
    await app.limitAuthAttempt(request, email);
    try {
      return await check();
    } catch (error) {
      if (email && error instanceof AppError && COUNTED.has(error.code)) await app.authAttemptFailed(request, email);
      throw error;
    }
  }

  app.get(
    '/auth/2fa',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "The caller's two-step sign-in: on or off, and how many recovery codes are left",
        response: { 200: twoFactorStatusSchema, 401: errorSchema },
      },
    },
    async (request) => twoFactor.status(currentUser(request).id),
  );

  app.post(
    '/auth/2fa/setup',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Start setting up two-step sign-in: a new TOTP secret (replacing one not turned on yet); 409 when it is on',
        response: { 200: twoFactorSetupSchema, 401: errorSchema, 409: errorSchema },
      },
    },
    async (request) => twoFactor.setup(currentUser(request)),
  );

  app.post(
    '/auth/2fa/enable',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Turn two-step sign-in on with a current code; answers 10 one-use recovery codes (shown this once) and ends the other sessions',
        body: twoFactorEnableBodySchema,
        response: { 200: recoveryCodesSchema, 400: errorSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const recoveryCodes = await throttled(request, caller.email, () => twoFactor.enable(caller, request.body.code));
      return { recoveryCodes };
    },
  );

  app.post(
    '/auth/2fa/disable',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Turn two-step sign-in off with the password and a code (or a recovery code); 409 no_password for an account without a password',
        body: twoFactorDisableBodySchema,
        response: { 204: z.null(), 400: errorSchema, 401: errorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const caller = currentUser(request);
      await throttled(request, caller.email, () => twoFactor.disable(caller, request.body));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/2fa/verify',
    {
      schema: {
        tags,
        summary:
          "Finish a sign-in with two-step sign-in on: the login's challenge (5 minutes, one sign-in) and a current code or a recovery code; answers as POST /api/auth/login does",
        body: twoFactorVerifyBodySchema,
        response: { 200: authResponseSchema, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      const { challenge, code } = request.body;
      const owner = await twoFactor.challengeOwner(challenge);
      const user = await throttled(request, owner?.email, () => twoFactor.completeSignIn(challenge, code));
      await app.authAttemptSucceeded(request, user.email);
      return signInAnswer(accounts.sessions, companyOf, user, request);
    },
  );
};
