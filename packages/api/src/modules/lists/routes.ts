// The requisition list calls (B2B §16): lists, their lines, adding a list to the cart, and saving the cart as a list.
import {
  cartWithRejectedSchema,
  errorSchema,
  idParamsSchema,
  listCreateSchema,
  listLinesAddSchema,
  listLinesPutSchema,
  listPatchSchema,
  listSchema,
  listSummariesSchema,
  listToCartSchema,
  listWithRejectedSchema,
  saveCartAsListSchema,
} from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../accounts/index.js';
import type { ListsService } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('lists');
const signedIn = { 400: errorSchema, 401: errorSchema };
/** A list someone else's (404), one the caller may read but not change (403), or past a limit (409). */
const refusals = { ...signedIn, 403: errorSchema, 404: errorSchema, 409: errorSchema };

export const listRoutes: FastifyPluginAsyncZod<{ lists: ListsService }> = async (app, { lists }) => {
  app.post(
    '/lists',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Create an empty list, private or shared with your company (at most 100 of each)',
        body: listCreateSchema,
        response: { 201: listSchema, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send(await lists.create(currentUser(request), request.body)),
  );

  app.get(
    '/lists',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "Your private lists and your company's shared ones, latest change first, without their lines",
        response: { 200: listSummariesSchema, ...signedIn },
      },
    },
    async (request) => lists.summaries(currentUser(request)),
  );

  app.get(
    '/lists/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'A list with its lines, priced now for you (contract prices included), and each line’s problem',
        params: idParamsSchema,
        response: { 200: listSchema, ...refusals },
      },
    },
    async (request) => lists.get(currentUser(request), request.params.id),
  );

  app.patch(
    '/lists/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Rename a list, share it with your company or make it private (its creator or an owner)',
        params: idParamsSchema,
        body: listPatchSchema,
        response: { 200: listSchema, ...refusals },
      },
    },
    async (request) => lists.patch(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/lists/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Delete a list (its creator or an owner)',
        params: idParamsSchema,
        response: { 204: z.null(), ...refusals },
      },
    },
    async (request, reply) => {
      await lists.remove(currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/lists/:id/lines',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "Replace a list's lines (at most 500, one per product), with quantities and notes",
        params: idParamsSchema,
        body: listLinesPutSchema,
        response: { 200: listSchema, ...refusals },
      },
    },
    async (request) => lists.putLines(currentUser(request), request.params.id, request.body.lines),
  );

  app.post(
    '/lists/:id/lines',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Add lines by SKU as the cart does (quantities of one product add up); refusals come back rejected',
        params: idParamsSchema,
        body: listLinesAddSchema,
        response: { 200: listWithRejectedSchema, ...refusals },
      },
    },
    async (request) => lists.addLines(currentUser(request), request.params.id, request.body.lines),
  );

  app.post(
    '/lists/:id/to-cart',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          "Add a list's lines (or those of productIds) to your cart; deleted products and refused quantities come back rejected, and a cart past 100 lines is refused whole (409 cart_full)",
        params: idParamsSchema,
        body: listToCartSchema,
        response: { 200: cartWithRejectedSchema, ...refusals },
      },
    },
    async (request) => lists.toCart(currentUser(request), request.params.id, request.body?.productIds),
  );

  app.post(
    '/cart/list',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Save your cart as a new list, private or shared with your company; the cart stays as it is',
        body: saveCartAsListSchema,
        response: { 201: listSchema, ...refusals },
      },
    },
    async (request, reply) => reply.code(201).send(await lists.saveCart(currentUser(request), request.body)),
  );
};
