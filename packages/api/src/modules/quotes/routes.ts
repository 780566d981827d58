// The quote calls (B2B §10): ask for a quote (from lines or the cart), list and read quotes, the shop's offer and
// rejection, the buyer's acceptance (an order at the offered prices), decline and cancellation, and the thread. Every
// call authorizes on the server (service.ts says who may).
import { auditContextOf } from '../audit/index.js';
import {
  cartQuoteSchema,
  errorSchema,
  idParamsSchema,
  orderLinesErrorSchema,
  quoteAcceptSchema,
  quoteCreateSchema,
  quoteDeclineSchema,
  quoteListSchema,
  quoteMessageCreateSchema,
  quoteOfferSchema,
  quoteRejectSchema,
  quoteSchema,
  quotesQuerySchema,
} from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../accounts/index.js';
import type { QuotesService } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('quotes');
const refusals = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export const quoteRoutes: FastifyPluginAsyncZod<{ quotes: QuotesService }> = async (app, { quotes }) => {
  app.post(
    '/quotes',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          'Ask for a quote: quantities keep the minimum and pack size but may pass the stock and maxQuantity; answers the quote (requested)',
        body: quoteCreateSchema,
        response: { 201: quoteSchema, ...refusals, 400: orderLinesErrorSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await quotes.create(currentUser(request), request.body.lines, request.body.note)),
  );

  app.post(
    '/cart/quote',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "Ask for a quote of your cart's lines; the cart is emptied of them",
        body: cartQuoteSchema,
        response: { 201: quoteSchema, ...refusals, 400: orderLinesErrorSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await quotes.createFromCart(currentUser(request), request.body?.note)),
  );

  app.get(
    '/quotes',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          "Quotes, newest first, without their threads (messageCount; GET /quotes/{id} has the messages): your personal ones and your company's (admins: all); ?status= filters, ?page=&pageSize= page",
        querystring: quotesQuerySchema,
        response: { 200: quoteListSchema, 400: errorSchema, 401: errorSchema },
      },
    },
    async (request) => quotes.list(currentUser(request), request.query),
  );

  app.get(
    '/quotes/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'One quote (its requester, members of its company, admins; 404 to anyone else)',
        params: idParamsSchema,
        response: { 200: quoteSchema, ...refusals },
      },
    },
    async (request) => quotes.get(currentUser(request), request.params.id),
  );

  app.post(
    '/quotes/:id/offer',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Admin: offer a unit price for every line, valid until a moment within 90 days (requested or offered)',
        params: idParamsSchema,
        body: quoteOfferSchema,
        response: { 200: quoteSchema, ...refusals },
      },
    },
    async (request) => quotes.offer(currentUser(request), request.params.id, request.body, auditContextOf(request)),
  );

  app.post(
    '/quotes/:id/accept',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Accept an offer before it expires: places the order at the offered prices (the quote gets orderId)',
        params: idParamsSchema,
        body: quoteAcceptSchema,
        response: { 200: quoteSchema, ...refusals },
      },
    },
    async (request) => quotes.accept(currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/quotes/:id/decline',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Decline an offer, with an optional reason',
        params: idParamsSchema,
        body: quoteDeclineSchema,
        response: { 200: quoteSchema, ...refusals },
      },
    },
    async (request) => quotes.decline(currentUser(request), request.params.id, request.body?.reason),
  );

  app.post(
    '/quotes/:id/cancel',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Withdraw a quote request or an offer not yet accepted',
        params: idParamsSchema,
        response: { 200: quoteSchema, ...refusals },
      },
    },
    async (request) => quotes.cancel(currentUser(request), request.params.id),
  );

  app.post(
    '/quotes/:id/reject',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Admin: refuse to offer, with the reason the requester reads',
        params: idParamsSchema,
        body: quoteRejectSchema,
        response: { 200: quoteSchema, ...refusals },
      },
    },
    async (request) =>
      quotes.reject(currentUser(request), request.params.id, request.body.reason, auditContextOf(request)),
  );

  app.post(
    '/quotes/:id/messages',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          "Write in the quote's thread (the buyer's side or an admin): at most 100 messages a side (409), 10 a person in 10 minutes (429); the other side is mailed at most once per 10 minutes",
        params: idParamsSchema,
        body: quoteMessageCreateSchema,
        response: { 201: quoteSchema, ...refusals, 429: errorSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await quotes.addMessage(currentUser(request), request.params.id, request.body.text)),
  );
};
