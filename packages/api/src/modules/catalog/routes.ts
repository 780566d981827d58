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
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AnswerReplay } from '../../infra/http/answer-replay.js';
import { sendEncodedList } from '../../infra/http/encoded-answer.js';
import { sendJsonText } from '../../infra/http/json-text.js';
import { auditContextOf } from '../audit/index.js';
import { withContractPrice } from './product-row.js';
import type { CatalogService, ContractOverlay } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

/**
 * The contract prices of the caller's company (B2B §5), when the caller is a signed-in member of a company that has
 * some; undefined for everyone else. Asked only of requests that carry a token: an anonymous read does no work for it.
 */
export type MemberPricesOf = (request: FastifyRequest) => Promise<ContractOverlay | undefined>;

const { tags, security } = routeDocs('products');

export const catalogRoutes: FastifyPluginAsyncZod<{
  catalog: CatalogService;
  memberPrices?: MemberPricesOf;
  /** Anonymous answers of the list are replayed below Fastify until the lists change (http/answer-replay.ts). */
  replay?: AnswerReplay;
}> = async (app, { catalog, memberPrices, replay }) => {
  const pricesOf = (request: FastifyRequest) =>
    memberPrices && request.headers.authorization !== undefined ? memberPrices(request) : undefined;

  app.get(
    '/service',
    {
      schema: {
        tags,
        summary: 'Products, oldest first (or a page of them)',
        querystring: productListQuerySchema,
        response: { 200: productSchema.array(), 400: errorSchema, 503: errorSchema },
      },
      ...(replay ? { onSend: replay.capture } : {}),
    },
    // A page's JSON text comes from the short-lived list cache, sent as Fastify would send the serialised array; the
    // list without a limit (every product) from the cache of its encoded bytes, compressed when the client accepts.
    (request, reply) => {
      const member = pricesOf(request);
      if (member) return memberList(request.query, member, request, reply);
      replay?.offer(request, catalog.listsVersion);
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
    async (request) => {
      const [product, member] = await Promise.all([catalog.getProduct(request.params.id), pricesOf(request)]);
      return withContractPrice(product, member?.prices);
    },
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
    async (request) => {
      const [page, member] = await Promise.all([catalog.catalogPage(request.query), pricesOf(request)]);
      return member ? { ...page, items: page.items.map((p) => withContractPrice(p, member.prices)) } : page;
    },
  );

  /** GET /api/service for a caller with a token: a member with contract prices gets them overlaid, others the list. */
  async function memberList(
    query: Parameters<CatalogService['fullList']>[0],
    pending: Promise<ContractOverlay | undefined>,
    request: FastifyRequest,
    reply: Parameters<typeof sendJsonText>[0],
  ) {
    const member = await pending;
    if (query.limit !== undefined) {
      if (!member) return sendJsonText(reply, catalog.listProductsJson(query));
      return (await catalog.listProducts(query)).map((p) => withContractPrice(p, member.prices));
    }
    return sendEncodedList(
      request,
      reply,
      await (member ? catalog.fullListFor(query, member) : catalog.fullList(query)),
    );
  }

  app.patch(
    '/service/:id',
    {
      onRequest: app.requirePermission('products.write'),
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
    async (request) => catalog.updateProduct(request.params.id, request.body, auditContextOf(request)),
  );

  app.post(
    '/service',
    {
      onRequest: app.requirePermission('products.write'),
      schema: {
        tags,
        security,
        summary: 'Add a product (admin)',
        body: productCreateSchema,
        response: { 201: insertedIdSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const insertedId = await catalog.createProduct(request.body, auditContextOf(request));
      return reply.code(201).send({ insertedId });
    },
  );

  app.delete(
    '/service/:id',
    {
      onRequest: app.requirePermission('products.write'),
      schema: {
        tags,
        security,
        summary: 'Delete a product (admin); its orders keep their item name',
        params: idParamsSchema,
        response: { 200: deletedCountSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => ({ deletedCount: await catalog.deleteProduct(request.params.id, auditContextOf(request)) }),
  );
};
