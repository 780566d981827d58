// Serves the built storefront (packages/web/dist). Client routes fall back to index.html;
// /api paths never do (they answer JSON 404 from the error plugin).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { matchStorefrontPage } from '@kestrel/shared';
import { apiPackageDir } from '../package-dir.js';

export const WEB_DIST = resolve(apiPackageDir(), '../web/dist');
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * A request URL whose path (before any query) names a file the storefront build writes .br and .gz copies of
 * (packages/web/vite.config.ts). Tested on every request, so one regex and no split.
 */
const PRECOMPRESSED_URL = /^[^?]*\.(?:js|css)(?:\?|$)/;
/**
 * A path that can name a file of the build (`/static/js/x.js`, or `index.html` as sendFile asks for it): segments of
 * letters, digits, '_', '-' and '.', none starting with a dot (so no '..' and no dotfiles), no trailing slash. Other
 * paths are never looked up on disk.
 */
const FILE_PATH = /^\/?[\w-][\w.-]*(?:\/[\w-][\w.-]*)*$/;

/**
 * The purchase page's product is worth fetching with the HTML rather than after the scripts (its image is the page's
 * largest paint): a preload hint that the storefront's own `GET /api/service/{id}` then finds answered. The
 * catalogue's first page needs none: the server's /products holds it (B2B §18, storefront-pages).
 */
const PURCHASE_PAGE = /^\/purchase\/([0-9a-f]{24})$/;

export function preloadOf(url: string): string | undefined {
  const purchase = PURCHASE_PAGE.exec(url.split('?')[0] ?? '');
  return purchase ? `/api/service/${purchase[1] ?? ''}` : undefined;
}

/** Whether the build in `webDist` is there to serve. */
export const hasWebBuild = (webDist: string) => existsSync(join(webDist, 'index.html'));

/**
 * A client route with a parameter the server answers itself when it names something (GET /products/{id}: a known
 * product); reaching the not-found handler it names nothing, or it has a trailing slash the router refuses.
 */
const SERVED_PAGES = new Set(['products/:id']);

export const staticWebPlugin = fp(async (app: FastifyInstance, opts: { webDist?: string; pageNotFound?: string }) => {
  const webDist = opts.webDist ?? WEB_DIST;
  const hasWeb = hasWebBuild(webDist);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // Client routes get the app; /api and missing hashed assets (/static/...) get a real 404.
    const clientRoute = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|static)(\/|$)/.test(path);
    const page = clientRoute ? matchStorefrontPage(path) : undefined;
    // Any other path is not a page (B2B §18): 404 with SPEC's 'Page is not Found', the app's shell so it shows it too.
    if (hasWeb && clientRoute && opts.pageNotFound !== undefined && (!page || SERVED_PAGES.has(page.page))) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(opts.pageNotFound);
    }
    if (hasWeb && clientRoute) {
      const preload = preloadOf(request.url);
      if (preload) reply.header('link', `<${preload}>; rel=preload; as=fetch; crossorigin`);
      return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist, { cacheControl: false });
    }
    return reply.code(404).send({ error: { code: 'not_found', message: `No such call: ${request.method} ${path}` } });
  });
  if (!hasWeb) return;

  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    // One `GET /*` route that looks the file up when asked, rather than a listing of dist at start and a route for each
    // of its 165 files (with their .br and .gz): that was 50 ms of every start (bench/results/history.md, "Memory and
    // start-up"). Only a path that could name a file is looked up; it and everything else that is not a file go to the
    // not-found handler above, as before.
    wildcard: true,
    allowedPath: (pathname) => FILE_PATH.test(pathname),
    index: false,
    cacheControl: false,
    // The storefront build writes .br and .gz beside each script and stylesheet; send those when the browser accepts them.
    preCompressed: true,
    setHeaders(res, path) {
      const hashed = path.startsWith(join(webDist, 'static') + '/') || path.startsWith(join(webDist, 'assets') + '/');
      res.setHeader(
        'cache-control',
        hashed ? IMMUTABLE : path.endsWith('index.html') ? 'no-cache' : 'public, max-age=3600',
      );
    },
  });
  // The same URL answers br, gzip or plain bytes by Accept-Encoding, so caches must keep them apart. Appended to what
  // CORS put there (Origin) rather than replacing it.
  app.addHook('onRequest', (request, reply, done) => {
    if (PRECOMPRESSED_URL.test(request.url)) {
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    }
    done();
  });
});
