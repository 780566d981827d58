// GET/POST /service, GET/DELETE /service/{id}: anyone reads the catalogue, admins change it.
import {
  catalogPageSchema,
  catalogQuerySchema,
  deletedCountSchema,
  errorSchema,
  idParamsSchema,
  insertedIdSchema,
  productCreateSchema,
  productListQuerySchema,
  productPatchSchema,
  productSchema,
} from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendEncodedList } from '../../infra/http/encoded-answer.js';
import { sendJsonText } from '../../infra/http/json-text.js';
import type { CatalogService } from './service.js';

const tags = ['products'];
const security = [{ bearer: [] }];

export const catalogRoutes: FastifyPluginAsyncZod<{ catalog: CatalogService }> = async (app, { catalog }) => {
  app.get(
    '/service',
    {
      schema: {
        tags,
        summary: 'Products, oldest first (or a page of them)',
        querystring: productListQuerySchema,
        response: { 200: productSchema.array(), 400: errorSchema, 503: errorSchema },
      },
    },
    // A page's JSON text comes from the short-lived list cache, sent as Fastify would send the serialised array; the
    // list without a limit (every product) from the cache of its encoded bytes, compressed when the client accepts.
    (request, reply) => {
      if (request.query.limit !== undefined) return sendJsonText(reply, catalog.listProductsJson(request.query));
      const list = catalog.fullList(request.query);
      return 'raw' in list
        ? sendEncodedList(request, reply, list)
        : list.then((built) => sendEncodedList(request, reply, built));
    },
  );

  app.get(
    '/service/:id',
    {
      schema: {
        tags,
        summary: 'One product',
        params: idParamsSchema,
        response: { 200: productSchema, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => catalog.getProduct(request.params.id),
  );

  app.get(
    '/catalog',
    {
      schema: {
        tags,
        summary:
          'Search the catalogue: every word must match name, description or SKU; facets ignore the category; 503 search_timeout past the time budget',
        querystring: catalogQuerySchema,
        response: { 200: catalogPageSchema, 400: errorSchema, 503: errorSchema },
      },
    },
    async (request) => catalog.catalogPage(request.query),
  );

  app.patch(
    '/service/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Edit a product (admin); stockAdjustment is added to the stock atomically',
        params: idParamsSchema,
        body: productPatchSchema,
        response: {
          200: productSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request) => catalog.updateProduct(request.params.id, request.body),
  );

  app.post(
    '/service',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Add a product (admin)',
        body: productCreateSchema,
        response: { 201: insertedIdSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const insertedId = await catalog.createProduct(request.body);
      return reply.code(201).send({ insertedId });
    },
  );

  app.delete(
    '/service/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        security,
        summary: 'Delete a product (admin); its orders keep their item name',
        params: idParamsSchema,
        response: { 200: deletedCountSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => ({ deletedCount: await catalog.deleteProduct(request.params.id) }),
  );
};
