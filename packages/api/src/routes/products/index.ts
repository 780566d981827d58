// GET/POST /service, GET/DELETE /service/{id} (SPEC.md §7; PRODUCT.md §4-§5).
import {
  deletedCountSchema,
  errorSchema,
  idParamsSchema,
  insertedIdSchema,
  productCreateSchema,
  productListQuerySchema,
  productSchema,
} from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendJsonText } from '../json-text.js';
import * as products from '../../services/products.js';

const tags = ['products'];
const security = [{ bearer: [] }];

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/service',
    {
      schema: {
        tags,
        summary: 'Products, oldest first (or a page of them)',
        querystring: productListQuerySchema,
        response: { 200: productSchema.array(), 400: errorSchema },
      },
    },
    // The list's JSON text comes from the short-lived list cache; sent as Fastify would send the serialised array.
    (request, reply) => sendJsonText(reply, products.listProductsJson(app.db, request.query)),
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
    async (request) => products.getProduct(app.db, request.params.id),
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
        response: { 201: insertedIdSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const insertedId = await products.createProduct(app.db, request.body);
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
    async (request) => ({ deletedCount: await products.deleteProduct(app.db, request.params.id) }),
  );
};
