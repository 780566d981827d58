// Issue #25's calls (B2B §5): approve or reject an order awaiting approval (owners of its company) and the owners'
// approval queue (the company's account is billing's: billing/routes.ts). Issue 47: why an order waits for approval,
// and checkout's PO-number check.
import {
  approvalQueueSchema,
  errorSchema,
  idParamsSchema,
  orderApprovalSchema,
  orderSchema,
  poNumberCheckQuerySchema,
  poNumberCheckSchema,
  rejectOrderSchema,
} from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../accounts/index.js';
import type { OrdersService } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('companies');
const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export const approvalRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  app.post(
    '/orders/:id/approve',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Approve an order awaiting approval (an owner of its company): card orders become payable, on-account orders confirmed after the credit check',
        params: idParamsSchema,
        response: { 200: orderSchema, ...refusals },
      },
    },
    async (request) => orders.approve(currentUser(request), request.params.id),
  );

  app.post(
    '/orders/:id/reject',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Reject an order awaiting approval with a reason (an owner of its company); its stock returns',
        params: idParamsSchema,
        body: rejectOrderSchema,
        response: { 200: orderSchema, ...refusals },
      },
    },
    async (request) => orders.reject(currentUser(request), request.params.id, request.body.reason),
  );

  app.get(
    '/orders/:id/approval',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Why an order awaiting approval waits (the spending limit it passed), who decides (its owners, by name), when it expires and when they are reminded (whoever sees the order)',
        params: idParamsSchema,
        response: { 200: orderApprovalSchema, ...refusals },
      },
    },
    async (request) => orders.approvalOf(currentUser(request), request.params.id),
  );

  app.get(
    '/orders/po-number-check',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        security,
        summary:
          'Whether you or your company already used this PO number on an order that went ahead (checkout warns; it never refuses)',
        querystring: poNumberCheckQuerySchema,
        response: { 200: poNumberCheckSchema, ...refusals },
      },
    },
    async (request) => orders.poNumberCheck(currentUser(request), request.query.poNumber),
  );

  app.get(
    '/company/approvals',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "The company's orders awaiting approval, oldest first (owners)",
        response: { 200: approvalQueueSchema, ...refusals },
      },
    },
    async (request) => orders.approvalQueue(currentUser(request)),
  );
};
