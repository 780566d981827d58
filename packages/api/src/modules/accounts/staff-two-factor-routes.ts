// An administrator's reset of another account's two-step sign-in (B2B §15): for a lost phone and a spent set of
// recovery codes. The account signs in with its password alone again, and every session of it ends; the audit trail
// records who reset it (staff.two_factor_reset).
import { emailParamsSchema, errorSchema } from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../audit/index.js';
import type { AccountsService } from './service.js';

export const staffTwoFactorRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, { accounts }) => {
  app.delete(
    '/admin/staff/:email/2fa',
    {
      onRequest: app.requirePermission('admin.manage'),
      schema: {
        tags: ['users'],
        security: [{ bearer: [] }],
        summary: "Reset an account's two-step sign-in (administrator): it is off, and the account's sessions end",
        params: emailParamsSchema,
        response: { 204: z.null(), 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      await accounts.twoFactor.reset(request.params.email, auditContextOf(request));
      return reply.code(204).send(null);
    },
  );
};
