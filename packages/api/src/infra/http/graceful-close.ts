// During shutdown, answers to requests still in flight carry `Connection: close`, so their keep-alive connections end
// with the answer. Otherwise fastify.close() (which closes only the idle connections when it starts) would wait for
// those clients to hang up, up to the keep-alive time-out.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const gracefulClosePlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook, not an async one: it runs on every answer and an async hook costs a promise and a microtask.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
});
