// The staff calls (B2B §15): the administrator lists the staff, gives a confirmed account a staff role, and makes a
// member of staff a customer again. Each route names its permission; the rules are in staff.ts.
import {
  emailParamsSchema,
  errorSchema,
  modifiedCountSchema,
  staffMemberSchema,
  staffRoleBodySchema,
} from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContextOf } from '../audit/index.js';
import type { AccountsService } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('staff');
const refusals = { 401: errorSchema, 403: errorSchema };

export const staffRoutes: FastifyPluginAsyncZod<{ accounts: AccountsService }> = async (app, { accounts }) => {
  const onRequest = app.requirePermission('admin.manage');

  app.get(
    '/admin/staff',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Every member of staff, administrators included, with their role and two-step sign-in state',
        response: { 200: staffMemberSchema.array(), ...refusals },
      },
    },
    () => accounts.listStaff(),
  );

  app.put(
    '/admin/staff/:email',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'Give a confirmed account a staff role (administrator, sales, warehouse, finance, catalog); 409 for an ' +
          'unconfirmed account or the last administrator',
        params: emailParamsSchema,
        body: staffRoleBodySchema,
        response: { 200: staffMemberSchema, 400: errorSchema, ...refusals, 404: errorSchema, 409: errorSchema },
      },
    },
    (request) => accounts.setStaffRole(request.params.email, request.body.role, auditContextOf(request)),
  );

  app.delete(
    '/admin/staff/:email',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'Make a member of staff a customer again and end their sessions; modifiedCount 0 if they were not staff, ' +
          '409 for the last administrator',
        params: emailParamsSchema,
        response: { 200: modifiedCountSchema, ...refusals, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => ({
      modifiedCount: await accounts.removeStaff(request.params.email, auditContextOf(request)),
    }),
  );
};
