// Orders: identity from the token, totals and stock on the server (docs/product.md §5).
import {
  deletedCountSchema,
  emailQuerySchema,
  errorSchema,
  idParamsSchema,
  orderPlacedSchema,
  orderCreateSchema,
  orderLinesErrorSchema,
  orderSchema,
  ordersCreateSchema,
} from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../accounts/index.js';
import type { OrdersService } from './service.js';

const tags = ['orders'];
const security = [{ bearer: [] }];

export const orderRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  app.post(
    '/order',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Place an order; price, email and userName are taken from the server, not the body',
        body: orderCreateSchema,
        response: {
          201: orderPlacedSchema,
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const order = await orders.placeOrder(currentUser(request), request.body);
      return reply.code(201).send({ insertedId: order._id, order });
    },
  );

  app.post(
    '/orders',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Place an order of 1-100 lines, all or none; a refusal names every bad line',
        body: ordersCreateSchema,
        response: {
          201: orderPlacedSchema,
          400: orderLinesErrorSchema,
          401: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { lines, ...details } = request.body;
      const order = await orders.createOrder(currentUser(request), lines, details);
      return reply.code(201).send({ insertedId: order._id, order });
    },
  );

  app.get(
    '/order',
    {
      onRequest: app.requireAdmin,
      schema: { tags, security, summary: 'All orders (admin)', response: { 200: orderSchema.array() } },
    },
    async () => orders.listAllOrders(),
  );

  app.get(
    '/orders',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "A user's orders: your own (admins: anyone's)",
        querystring: emailQuerySchema,
        response: { 200: orderSchema.array(), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => orders.listOrdersByEmail(currentUser(request), request.query.email),
  );

  app.get(
    '/orders/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "One order: the owner's or, for admins, anyone's (others get 404)",
        params: idParamsSchema,
        response: { 200: orderSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => orders.getVisibleOrder(currentUser(request), request.params.id),
  );

  app.delete(
    '/order/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Delete your own unpaid order by id; its stock goes back (paid: 409)',
        params: idParamsSchema,
        response: { 200: deletedCountSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) => ({
      deletedCount: await orders.deleteOrder(currentUser(request), request.params.id),
    }),
  );
};
