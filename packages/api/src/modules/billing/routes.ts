// The company account's calls (B2B §5, issue #25): terms, credit, open balance and unpaid on-account orders with due
// dates, for the company's members and for staff. Documented under the companies tag with the other company calls.
import { companyAccountSchema, errorSchema, idParamsSchema } from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../accounts/index.js';
import type { BillingService } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('companies');
const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export const billingRoutes: FastifyPluginAsyncZod<{ billing: BillingService }> = async (app, { billing }) => {
  app.get(
    '/company/account',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          "The company's payment terms, credit, open balance and unpaid on-account orders with due dates (members)",
        response: { 200: companyAccountSchema, ...refusals },
      },
    },
    async (request) => billing.accountOfMember(currentUser(request)),
  );

  app.get(
    '/admin/companies/:id/balance',
    {
      onRequest: app.requirePermission('companies.read'),
      schema: {
        tags,
        security,
        summary: "A company's open balance, credit and unpaid on-account orders, overdue ones marked (admin)",
        params: idParamsSchema,
        response: { 200: companyAccountSchema, ...refusals },
      },
    },
    async (request) => billing.accountForAdmin(request.params.id),
  );
};
