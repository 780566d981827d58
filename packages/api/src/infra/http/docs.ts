// The OpenAPI description at /api/docs, generated from the same zod schemas the routes validate with. Built when first
// asked for, not at start: the app only notes its routes as they are added, and the first request under /api/docs
// loads @fastify/swagger and its UI into a small Fastify instance of their own, given those routes, which then answers
// every docs request (about 50 ms of every start, and their modules, saved: bench/results/history.md, "Memory and
// start-up"). The answers pass through this app, so its hooks (security headers, rate limits) apply as to any other.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

/** Headers of the docs instance's answer that describe the connection rather than the content. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);

async function buildDocs(routes: readonly RouteOptions[]): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  // The HEAD routes Fastify added beside the app's GET routes are among those noted; they are declared as they came.
  const docs = Fastify({ exposeHeadRoutes: false });
  docs.setValidatorCompiler(validatorCompiler);
  // The routes below are only described, never called.
  docs.setSerializerCompiler(() => (data) => JSON.stringify(data));
  await docs.register(swagger, {
    openapi: {
      info: {
        title: 'Kestrel Components API',
        description: 'Bulk orders of computer parts. Errors are `{ error: { code, message } }`.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  // Described as the app declared them; hidden ones (the storefront's files) are left out, as the description does.
  for (const { method, url, schema } of routes) {
    if (schema?.hide !== true) docs.route({ method, url, schema, handler: async () => undefined });
  }
  await docs.ready();
  return docs;
}

export const docsPlugin = fp(async (app: FastifyInstance) => {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(DOCS_PREFIX)) routes.push(route);
  });
  // Built once, by the first docs request; a failed build is not kept, so the next request tries again.
  let docs: Promise<FastifyInstance> | undefined;

  async function answer(request: FastifyRequest, reply: FastifyReply) {
    docs ??= buildDocs(routes).catch((error: unknown) => {
      docs = undefined;
      throw error;
    });
    // Asked as a GET: for a HEAD, Node's server sends the same headers and drops the body.
    const res = await (await docs).inject({ method: 'GET', url: request.url, headers: request.headers });
    // Not a docs address: the app's own not-found answer, as for any other unknown path.
    if (res.statusCode === 404) return reply.callNotFound();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) reply.header(name, value);
    }
    reply.code(res.statusCode);
    // An empty answer (a redirect, a 304) goes out empty, without a content type of its own.
    return res.rawPayload.length > 0 ? reply.send(res.rawPayload) : reply.send();
  }

  for (const url of [DOCS_PREFIX, `${DOCS_PREFIX}/*`]) {
    app.route({ method: ['GET', 'HEAD'], url, schema: { hide: true }, handler: answer });
  }
});
