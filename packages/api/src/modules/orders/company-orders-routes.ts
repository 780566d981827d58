// GET /api/company/orders (B2B §5): a company's orders as its members see them. An orders read, so the orders module
// answers it (it was the companies module's, which made companies import orders back: issue #48); documented under
// the companies tag with the other company calls.
import { COMPANY_ORDERS_DEFAULT_LIMIT, companyOrdersQuerySchema, errorSchema, orderSchema } from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../accounts/index.js';
import type { OrdersService } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('companies');
const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export const companyOrdersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  app.get(
    '/company/orders',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "The company's newest orders, newest first (members; at most `limit`, default 100, up to 500)",
        querystring: companyOrdersQuerySchema,
        response: { 200: orderSchema.array(), ...refusals },
      },
    },
    async (request) =>
      orders.listCompanyOrders(currentUser(request), request.query.limit ?? COMPANY_ORDERS_DEFAULT_LIMIT),
  );
};
