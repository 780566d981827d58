// Many HTTP clients send `Content-Type: application/json` on every call, also on a DELETE or PUT without a body.
// Fastify would refuse such an empty JSON body with 400; we treat it as no body, so routes that take none work and
// routes that need one still answer their validation error.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const emptyJsonBodyPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request) => {
    const headers = request.raw.headers;
    if (headers['content-type'] === undefined) return;
    const noBody =
      headers['content-length'] === '0' ||
      (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined);
    if (noBody) delete headers['content-type'];
  });
});
