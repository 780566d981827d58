// Orders: identity from the token, totals and stock on the server (docs/product.md §5).
import { auditContextOf } from '../audit/index.js';
import { Readable } from 'node:stream';
import {
  cancelOrderSchema,
  deletedCountSchema,
  emailQuerySchema,
  errorSchema,
  idParamsSchema,
  markPaidSchema,
  orderPlacedSchema,
  orderCreateSchema,
  orderLinesErrorSchema,
  orderListQuerySchema,
  orderSchema,
  ordersCreateSchema,
  orderSearchPageSchema,
  orderSearchQuerySchema,
  shipOrderSchema,
  createShipmentSchema,
  shipmentParamsSchema,
  type OrderListQuery,
} from '@kestrel/shared';
import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../accounts/index.js';
import { approvalRoutes } from './approval-routes.js';
import { companyOrdersRoutes } from './company-orders-routes.js';
import type { OrdersService } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('orders');

export const orderRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  // Issue #25: approvals and the company's account (approval-routes.ts).
  await app.register(approvalRoutes, { orders });
  await app.register(companyOrdersRoutes, { orders });
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

  // Without updatedSince the answer is a stream (full-list.ts), which the zod type provider's reply typing does not
  // allow: the route is typed by hand (the zod validator still checks and converts the query). The poll's page is an
  // array and leaves through the response schema as before.
  app.withTypeProvider<FastifyTypeProviderDefault>().get<{ Querystring: OrderListQuery }>(
    '/order',
    {
      onRequest: app.requirePermission('orders.read'),
      schema: {
        tags,
        security,
        summary:
          'All orders (admin), or those in one status, streamed; with updatedSince, one page of the orders changed ' +
          'after it, oldest change first (B2B §9)',
        querystring: orderListQuerySchema,
        response: { 200: orderSchema.array(), 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const { updatedSince, ...rest } = request.query;
      if (updatedSince !== undefined) return orders.changedOrders({ updatedSince, ...rest });
      // One chunk waits in the stream at most; the next page is read only as the client takes what came before.
      return reply
        .type('application/json; charset=utf-8')
        .send(Readable.from(orders.allOrdersJson(rest.status), { highWaterMark: 1 }));
    },
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
    '/orders/search',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Search orders (admins: all; others: their own) by number, PO, e-mail, SKU or the start of a name; one page',
        querystring: orderSearchQuerySchema,
        response: { 200: orderSearchPageSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => orders.searchOrders(currentUser(request), request.query),
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

  // B2B §4's transitions: each answers the order as it now is; 404 to whoever may not see the order, 409
  // invalid_transition when its status does not allow the step.
  const transitionResponses = {
    200: orderSchema,
    400: errorSchema,
    401: errorSchema,
    403: errorSchema,
    404: errorSchema,
    409: errorSchema,
  };

  app.post(
    '/orders/:id/ship',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Ship a confirmed order with its carrier and tracking number (admin)',
        params: idParamsSchema,
        body: shipOrderSchema,
        response: transitionResponses,
      },
    },
    async (request) =>
      orders.ship(
        currentUser(request),
        request.params.id,
        request.body.carrier,
        request.body.trackingNumber,
        auditContextOf(request),
      ),
  );

  app.post(
    '/orders/:id/deliver',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Mark a shipped order delivered (its buyer or an admin)',
        params: idParamsSchema,
        response: transitionResponses,
      },
    },
    async (request) => orders.deliver(currentUser(request), request.params.id, auditContextOf(request)),
  );

  app.post(
    '/orders/:id/shipments',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Ship some units of a confirmed or partly shipped order as one shipment, with its carrier and tracking (admin)',
        params: idParamsSchema,
        body: createShipmentSchema,
        response: { ...transitionResponses, 400: orderLinesErrorSchema },
      },
    },
    async (request) =>
      orders.createShipment(
        currentUser(request),
        request.params.id,
        request.body.lines,
        request.body.carrier,
        request.body.trackingNumber,
        auditContextOf(request),
      ),
  );

  app.post(
    '/orders/:id/shipments/:shipmentId/deliver',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Mark one shipment of an order delivered (its buyer, a colleague or an admin)',
        params: shipmentParamsSchema,
        response: transitionResponses,
      },
    },
    async (request) =>
      orders.deliverShipment(
        currentUser(request),
        request.params.id,
        request.params.shipmentId,
        auditContextOf(request),
      ),
  );

  app.post(
    '/orders/:id/mark-paid',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "Record an on-account order's payment with its reference (admin)",
        params: idParamsSchema,
        body: markPaidSchema,
        response: transitionResponses,
      },
    },
    async (request) =>
      orders.markPaidOnAccount(
        currentUser(request),
        request.params.id,
        request.body.reference,
        auditContextOf(request),
      ),
  );

  app.post(
    '/orders/:id/cancel',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Cancel an order: its buyer while awaiting payment or approval, an admin also once confirmed (refunding a card payment) or, partly shipped, its unshipped units only (credited with their tax; the order is then shipped or delivered)',
        params: idParamsSchema,
        body: cancelOrderSchema,
        response: transitionResponses,
      },
    },
    async (request) =>
      orders.cancel(currentUser(request), request.params.id, request.body?.reason ?? null, auditContextOf(request)),
  );
};
