// Many HTTP clients send `Content-Type: application/json` on every call, also on a DELETE or PUT without a body.
// Fastify would refuse such an empty JSON body with 400; we treat it as no body, so routes that take none work and
// routes that need one still answer their validation error.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const emptyJsonBodyPlugin = fp(async (app: FastifyInstance) => {
  // A callback hook, not an async one: it runs on every request and an async hook costs a promise and a microtask.
  app.addHook('onRequest', (request, _reply, done) => {
    const headers = request.raw.headers;
    if (
      headers['content-type'] !== undefined &&
      (headers['content-length'] === '0' ||
        (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined))
    ) {
      delete headers['content-type'];
    }
    done();
  });
});
