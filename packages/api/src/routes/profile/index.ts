// Profiles (SPEC.md §7): each user reads and writes only their own.
import { emailParamsSchema, errorSchema, profileBodySchema, profileSchema } from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/auth.js';
import { getProfile, saveProfile } from '../../services/profiles.js';
import { requireOwnEmail } from '../../services/users.js';

const tags = ['profile'];
const security = [{ bearer: [] }];
const saved = { 200: profileSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema };

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/profile',
    {
      onRequest: app.requireUser,
      // The body's email is ignored: the profile saved is always the caller's.
      schema: { tags, security, summary: 'Save your profile', body: profileBodySchema, response: saved },
    },
    async (request) => saveProfile(app.db, currentUser(request), request.body),
  );

  app.put(
    '/profile/:email',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Save your profile (the e-mail must be yours)',
        params: emailParamsSchema,
        body: profileBodySchema,
        response: saved,
      },
    },
    async (request) => {
      const caller = currentUser(request);
      requireOwnEmail(caller, request.params.email);
      return saveProfile(app.db, caller, request.body);
    },
  );

  app.get(
    '/profile/:email',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Your saved profile; unset fields are empty strings',
        params: emailParamsSchema,
        response: saved,
      },
    },
    async (request) => {
      const caller = currentUser(request);
      requireOwnEmail(caller, request.params.email);
      return getProfile(app.db, caller);
    },
  );
};
