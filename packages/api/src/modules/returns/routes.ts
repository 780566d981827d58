// Returns' HTTP calls (B2B §14): a buyer's request on an order, the lists and one return, the shop's three steps.
// Who may do what is decided here for staff (the route's permission) and in the service for everyone else.
import {
  errorSchema,
  idParamsSchema,
  orderLinesErrorSchema,
  returnReceiveSchema,
  returnRejectSchema,
  returnRequestSchema,
  returnSchema,
  returnsQuerySchema,
} from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../accounts/index.js';
import { auditContextOf } from '../audit/index.js';
import type { ReturnsService } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('returns');

const stepResponses = {
  200: returnSchema,
  400: orderLinesErrorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
};

export const returnRoutes: FastifyPluginAsyncZod<{ returns: ReturnsService }> = async (app, { returns }) => {
  app.post(
    '/orders/:id/returns',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "Ask for delivered units of an order back (its buyer, or its company's owners and buyers)",
        params: idParamsSchema,
        body: returnRequestSchema,
        response: { ...stepResponses, 201: returnSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await returns.request(currentUser(request), request.params.id, request.body)),
  );

  app.get(
    '/returns',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "Returns, newest first: your own, your company's, or (staff) all; ?status= and ?orderId= narrow them",
        querystring: returnsQuerySchema,
        response: { 200: returnSchema.array(), 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => returns.list(currentUser(request), request.query),
  );

  app.get(
    '/returns/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'One return (whoever asked, members of its company, staff)',
        params: idParamsSchema,
        response: { 200: returnSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => returns.get(currentUser(request), request.params.id),
  );

  app.post(
    '/returns/:id/authorize',
    {
      onRequest: app.requirePermission('returns.decide'),
      schema: {
        tags,
        security,
        summary: 'Authorize a requested return',
        params: idParamsSchema,
        response: stepResponses,
      },
    },
    async (request) => returns.authorize(request.params.id, auditContextOf(request)),
  );

  app.post(
    '/returns/:id/reject',
    {
      onRequest: app.requirePermission('returns.decide'),
      schema: {
        tags,
        security,
        summary: 'Reject a requested return, saying why',
        params: idParamsSchema,
        body: returnRejectSchema,
        response: stepResponses,
      },
    },
    async (request) => returns.reject(request.params.id, request.body.reason, auditContextOf(request)),
  );

  app.post(
    '/returns/:id/receive',
    {
      onRequest: app.requirePermission('orders.ship'),
      schema: {
        tags,
        security,
        summary: 'Receive an authorized return: units per line, restocked or not; the received units are credited',
        params: idParamsSchema,
        body: returnReceiveSchema,
        response: stepResponses,
      },
    },
    async (request) => returns.receive(request.params.id, request.body, auditContextOf(request)),
  );
};
