// Order documents over HTTP (B2B §6, §11): an order's invoice and credit note as PDF files and the orders CSV, streamed as it is read.
import { Readable } from 'node:stream';
import { errorSchema, idParamsSchema, ordersCsvQuerySchema, type OrdersCsvQuery } from '@kestrel/shared';
import type { FastifyReply, FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../accounts/index.js';
import type { DocumentsService } from './service.js';
import { routeDocs } from '../../infra/http/route-docs.js';

const { tags, security } = routeDocs('orders');

/** A credit note's number as its URL names it: CN-{year}-{000001}. */
const creditNoteParamsSchema = idParamsSchema.extend({
  number: z.string().regex(/^CN-\d{4}-\d{6}$/, 'number must be a credit note number (CN-{year}-{000001})'),
});

function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer) {
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

export const documentRoutes: FastifyPluginAsyncZod<{ documents: DocumentsService }> = async (zodApp, { documents }) => {
  // Files, not JSON answers: registered without the zod provider's typing of the reply (the schemas still validate
  // the request, and the generics type it).
  const app = zodApp.withTypeProvider<FastifyTypeProviderDefault>();

  app.get<{ Params: z.infer<typeof idParamsSchema> }>(
    '/orders/:id/invoice.pdf',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "An order's invoice as PDF: the buyer's or, for admins, anyone's (409 until it is paid or confirmed)",
        params: idParamsSchema,
        produces: ['application/pdf'],
        response: { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await documents.invoicePdf(currentUser(request), request.params.id);
      return sendPdf(reply, fileName, pdf);
    },
  );

  app.get<{ Params: z.infer<typeof idParamsSchema> }>(
    '/orders/:id/credit-note.pdf',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: "An order's credit note as PDF, for whoever may read its invoice (409 when it has none)",
        params: idParamsSchema,
        produces: ['application/pdf'],
        response: { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await documents.creditNotePdf(currentUser(request), request.params.id);
      return sendPdf(reply, fileName, pdf);
    },
  );

  app.get<{ Params: z.infer<typeof creditNoteParamsSchema> }>(
    '/orders/:id/credit-notes/:number.pdf',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          "One of an order's credit notes as PDF, by its number (B2B §14), for whoever may read its invoice (404 for " +
          'a number not of that order)',
        params: creditNoteParamsSchema,
        produces: ['application/pdf'],
        response: { 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { id, number } = request.params;
      const { fileName, pdf } = await documents.creditNoteByNumberPdf(currentUser(request), id, number);
      return sendPdf(reply, fileName, pdf);
    },
  );

  app.get<{ Querystring: OrdersCsvQuery }>(
    '/orders.csv',
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Orders as CSV, one row per line (admins: all orders; others: their own); from/to are UTC days',
        querystring: ordersCsvQuerySchema,
        produces: ['text/csv'],
        response: { 400: errorSchema, 401: errorSchema },
      },
    },
    (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="orders.csv"')
        .header('cache-control', 'private, no-store')
        .send(
          // One page of rows waits in the stream at most; the next is read only as the client takes the last.
          Readable.from(documents.ordersCsv(currentUser(request), request.query), { highWaterMark: 1 }),
        ),
  );
};
