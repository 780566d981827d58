// Profiles: each user reads and writes only their own.
import { emailParamsSchema, errorSchema, profileBodySchema, profileSchema } from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../accounts/index.js';
import type { ProfilesService } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('profile');
const saved = { 200: profileSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema };

export const profileRoutes: FastifyPluginAsyncZod<{ profiles: ProfilesService }> = async (app, { profiles }) => {
  app.post(
    '/profile',
    {
      onRequest: app.requireUser,
      // The body's email is ignored: the profile saved is always the caller's.
      schema: { tags, security, summary: 'Save your profile', body: profileBodySchema, response: saved },
    },
    async (request) => {
      const caller = currentUser(request);
      return profiles.saveProfile(caller, caller.email, request.body);
    },
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
    async (request) => profiles.saveProfile(currentUser(request), request.params.email, request.body),
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
    async (request) => profiles.getProfile(currentUser(request), request.params.email),
  );
};
