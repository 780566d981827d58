// The admin's contract prices of a company (B2B §5): read, replace (PUT: the whole list), and import from CSV.
import { auditContextOf } from '../audit/index.js';
import {
  contractPricesPutSchema,
  contractPricesSchema,
  csvRowErrorSchema,
  errorSchema,
  idParamsSchema,
  MAX_CSV_BYTES,
} from '@kestrel/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ContractPricesService } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('companies');
const csvErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** The first 1,000 bad rows; badRows counts them all. */
    rows: csvRowErrorSchema.array().optional(),
    badRows: z.number().int().optional(),
  }),
});

export const contractPriceRoutes: FastifyPluginAsyncZod<{ prices: ContractPricesService }> = async (
  app,
  { prices },
) => {
  // Only this plugin's CSV route reads a CSV body (encapsulated: the API's other calls keep the small JSON limit).
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: MAX_CSV_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    '/admin/companies/:id/prices',
    {
      onRequest: app.requirePermission('quotes.manage'),
      schema: {
        tags,
        security,
        summary: "A company's contract prices (admin), by SKU, each with its product's list price",
        params: idParamsSchema,
        response: { 200: contractPricesSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => prices.list(request.params.id),
  );

  app.put(
    '/admin/companies/:id/prices',
    {
      onRequest: app.requirePermission('quotes.manage'),
      schema: {
        tags,
        security,
        summary:
          "Replace a company's contract prices (admin): the list sent becomes the whole list; a product left out loses its contract price",
        params: idParamsSchema,
        body: contractPricesPutSchema,
        response: { 200: contractPricesSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => prices.replace(request.params.id, request.body.prices, auditContextOf(request)),
  );

  app.post(
    '/admin/companies/:id/prices.csv',
    {
      onRequest: app.requirePermission('quotes.manage'),
      bodyLimit: MAX_CSV_BYTES,
      schema: {
        tags,
        security,
        summary:
          "Replace a company's contract prices from CSV (admin; header sku,price), all rows or none: a bad row answers 400 naming every bad row",
        consumes: ['text/csv'],
        params: idParamsSchema,
        body: z.string({ error: 'Send the CSV file as the request body, with Content-Type: text/csv' }),
        response: {
          200: contractPricesSchema,
          400: csvErrorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          413: errorSchema,
          415: errorSchema,
        },
      },
    },
    async (request) => prices.importCsv(request.params.id, request.body, auditContextOf(request)),
  );
};
