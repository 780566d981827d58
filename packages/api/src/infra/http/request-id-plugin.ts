// Sends the request's id back as X-Request-Id on every answer (API, errors, 404s, static files, health): set when the
// request arrives, so whatever answers it later keeps it. The id itself is chosen in request-id.ts (Fastify's genReqId).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { REQUEST_ID_HEADER } from './request-id.js';

export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
});
