// The pages the server answers itself (B2B §18): GET /products/{id} as HTML, /sitemap.xml with its parts, /robots.txt.
// Registered only when the storefront's build is there (its index.html is the shell of every page).
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import { ifNoneMatchNames } from '../../infra/http/if-none-match.js';
import type { WebShell } from '../../infra/http/web-shell.js';
import { inLayout, notFoundBody, notFoundHead, productBody, productHead } from './html.js';
import * as repo from './repository.js';
import { robotsTxt, sitemapIndex, sitemapLayout, sitemapPart, type SitemapOptions } from './sitemap.js';

/**
 * Cached by anyone for a minute, then revalidated with the ETag (a 304 costs a read, not the page): a price or stock
 * change shows within a minute. Public: the page holds list prices only, the same for every visitor.
 */
const PAGE_CACHE = 'public, max-age=60, must-revalidate';
const SITEMAP_CACHE = 'public, max-age=3600';
const PRODUCT_ID = /^[0-9a-f]{24}$/;

export interface StorefrontPagesOptions {
  shell: WebShell;
  database: OpenDatabase;
  publicUrl: string;
  budgetMs: number;
  /** URLs per sitemap file (tests lower it). */
  sitemapLimit?: number;
}

/** SPEC's 'Page is not Found', as HTML with status 404: the shell, so the app still loads and shows its own 404 page. */
export const notFoundPage = (shell: WebShell) => shell.page(notFoundHead(), inLayout(notFoundBody()));

export const storefrontPageRoutes: FastifyPluginAsync<StorefrontPagesOptions> = async (app, o) => {
  const missing = notFoundPage(o.shell);
  const sendMissing = (reply: FastifyReply) =>
    reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(missing);
  const sitemap: SitemapOptions = {
    database: o.database,
    publicUrl: o.publicUrl,
    budgetMs: o.budgetMs,
    ...(o.sitemapLimit ? { limit: o.sitemapLimit } : {}),
  };

  app.get<{ Params: { id: string } }>('/products/:id', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params;
    const product = PRODUCT_ID.test(id) ? await repo.findPageProduct(o.database.db, id) : undefined;
    if (!product) return sendMissing(reply);
    // The same for every visitor: nothing here reads the request's cookies or token, so no member price can show.
    const html = o.shell.page(productHead(o.publicUrl, product), inLayout(productBody(product)));
    const etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
    reply.header('cache-control', PAGE_CACHE).header('etag', etag).header('vary', 'Accept-Encoding');
    if (ifNoneMatchNames(request.headers['if-none-match'], (tag) => tag === etag)) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(html);
  });

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', SITEMAP_CACHE).send(robotsTxt(o.publicUrl)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const { parts } = await sitemapLayout(sitemap);
    reply.type('application/xml; charset=utf-8').header('cache-control', SITEMAP_CACHE);
    if (parts > 1) return reply.send(sitemapIndex(o.publicUrl, parts));
    const only = await sitemapPart(sitemap, 1);
    return reply.send(only ? Readable.from(only) : '');
  });

  app.get<{ Params: { part: string } }>(
    '/sitemap-:part(^\\d{1,6}).xml',
    { schema: { hide: true } },
    async (request, reply) => {
      const chunks = await sitemapPart(sitemap, Number(request.params.part));
      if (!chunks) return sendMissing(reply);
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', SITEMAP_CACHE)
        .send(Readable.from(chunks));
    },
  );
};
