// The admin's CSV of the catalogue: GET streams it, POST imports it (text/csv, at most 5 MB; ?dryRun=true previews).
import { auditContextOf } from '../audit/index.js';
import { Readable } from 'node:stream';
import {
  csvImportPreviewSchema,
  csvImportQuerySchema,
  csvImportResultSchema,
  csvRowErrorSchema,
  errorSchema,
  MAX_CSV_BYTES,
} from '@kestrel/shared';
import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import { exportProductsCsv, importProductsCsv } from './products-csv.js';
import type { CatalogService, CatalogWebhooks } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('products');
const csvErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** The first 1,000 bad rows; badRows counts them all. */
    rows: csvRowErrorSchema.array().optional(),
    badRows: z.number().int().optional(),
  }),
});

export const productsCsvRoutes: FastifyPluginAsyncZod<{
  database: OpenDatabase;
  catalog: CatalogService;
  webhooks?: CatalogWebhooks;
}> = async (app, deps) => {
  // Only this plugin's routes read CSV bodies, each up to 5 MB (the API's other calls keep the small JSON limit).
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: MAX_CSV_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  // A stream, not a JSON answer: registered without the zod type provider's typing of the reply.
  app.withTypeProvider<FastifyTypeProviderDefault>().get(
    '/admin/products.csv',
    {
      onRequest: app.requirePermission('products.write'),
      schema: {
        tags,
        security,
        summary: 'The catalogue as CSV (admin)',
        response: { 401: errorSchema, 403: errorSchema },
      },
    },
    (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="products.csv"')
        .send(Readable.from(exportProductsCsv(deps.database))),
  );

  app.post(
    '/admin/products.csv',
    {
      onRequest: app.requirePermission('products.write'),
      bodyLimit: MAX_CSV_BYTES,
      schema: {
        tags,
        security,
        summary: 'Create or update products by SKU from CSV, all rows or none (admin); dryRun=true only previews',
        consumes: ['text/csv'],
        querystring: csvImportQuerySchema,
        body: z.string({ error: 'Send the CSV file as the request body, with Content-Type: text/csv' }),
        response: {
          200: z.union([csvImportPreviewSchema, csvImportResultSchema]),
          400: csvErrorSchema,
          401: errorSchema,
          403: errorSchema,
          409: errorSchema,
          413: errorSchema,
          415: errorSchema,
        },
      },
    },
    async (request) => {
      const dryRun = request.query.dryRun === 'true';
      const preview = await importProductsCsv(deps, request.body, { dryRun, audit: auditContextOf(request) });
      return dryRun ? preview : { created: preview.created, updated: preview.updated };
    },
  );
};
