// Users and admin status: admins list, promote and demote users; everyone may ask about themselves.
import { auditContextOf } from '../audit/index.js';
import {
  adminCheckSchema,
  emailParamsSchema,
  errorSchema,
  modifiedCountSchema,
  tokenResponseSchema,
  userSchema,
  userUpsertBodySchema,
} from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from './auth-plugin.js';
import type { AccountsService } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('users');

export const userRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, { accounts }) => {
  app.get(
    '/user',
    {
      onRequest: app.requirePermission('admin.manage'),
      schema: { tags, security, summary: 'All users (admin)', response: { 200: userSchema.array() } },
    },
    async () => accounts.listUsers(),
  );

  app.put(
    '/user/admin/:email',
    {
      onRequest: app.requirePermission('admin.manage'),
      schema: {
        tags,
        security,
        summary: 'Make a user an administrator (admin); modifiedCount 0 if they already were',
        params: emailParamsSchema,
        response: { 200: modifiedCountSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => ({ modifiedCount: await accounts.makeAdmin(request.params.email, auditContextOf(request)) }),
  );

  app.delete(
    '/user/admin/:email',
    {
      onRequest: app.requirePermission('admin.manage'),
      schema: {
        tags,
        security,
        summary:
          'Make a member of staff a customer again and end their sessions (admin); modifiedCount 0 if they were ' +
          'not staff, 409 for the last administrator',
        params: emailParamsSchema,
        response: { 200: modifiedCountSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => ({ modifiedCount: await accounts.removeAdmin(request.params.email, auditContextOf(request)) }),
  );

  app.get(
    '/admin/:email',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Whether an e-mail is staff (admin: true for every staff role, with its role and permissions): your own ' +
          '(administrators: anyone)',
        params: emailParamsSchema,
        response: { 200: adminCheckSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => accounts.adminCheck(currentUser(request), request.params.email),
  );

  app.put(
    '/user/:email',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Keep your own user record current and get a fresh token (never changes the role)',
        params: emailParamsSchema,
        body: userUpsertBodySchema,
        response: { 200: tokenResponseSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      await accounts.updateOwnUser(caller, request.params.email, request.body.name);
      return { token: await accounts.sessions.issueSession(caller.id, request.headers['user-agent']) };
    },
  );
};
