// The pages the server answers itself (B2B §18): GET /products/{id} as HTML, /sitemap.xml with its parts, /robots.txt.
// Registered only when the storefront's build is there (its index.html is the shell of every page).
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { catalogQuerySchema, HOME_PRODUCT_COUNT, type CatalogQuery, type Product } from '@kestrel/shared';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import { AppError } from '../../infra/errors.js';
import { ifNoneMatchNames } from '../../infra/http/if-none-match.js';
import { preloadOf } from '../../infra/http/static-web.js';
import type { WebShell } from '../../infra/http/web-shell.js';
import type { CatalogService } from '../catalog/index.js';
import {
  catalogueBody,
  homeBody,
  inLayout,
  notFoundBody,
  notFoundHead,
  pageHead,
  pagingHead,
  productBody,
  productHead,
  type Paging,
} from './html.js';
import * as repo from './repository.js';
import { robotsTxt, sitemapIndex, sitemapLayout, sitemapPart, type SitemapOptions } from './sitemap.js';

/**
 * Stored by anyone (the page holds list prices only, the same for every visitor) but revalidated on each use: a 304
 * with the ETag costs a read, not the page, and a new build's scripts or a price or stock change show at once.
 */
const PAGE_CACHE = 'public, no-cache';
const SITEMAP_CACHE = 'public, max-age=3600';
const PRODUCT_ID = /^[0-9a-f]{24}$/;

export interface StorefrontPagesOptions {
  shell: WebShell;
  database: OpenDatabase;
  catalog: CatalogService;
  publicUrl: string;
  budgetMs: number;
  /** URLs per sitemap file (tests lower it). */
  sitemapLimit?: number;
}

/** The catalogue's query keys in the order its links write them. */
const QUERY_KEYS = ['q', 'category', 'sort', 'page', 'pageSize'] as const;
/** Listing pages change with every product edit and name the build's scripts: revalidated on each use, as index.html. */
const LIST_CACHE = 'no-cache';

/** /products with the query (page 1 leaves `page` out), so each view of the catalogue has one address. */
function catalogueUrl(publicUrl: string, query: CatalogQuery, page: number): string {
  const params = new URLSearchParams();
  for (const key of QUERY_KEYS) {
    const value = key === 'page' ? (page > 1 ? page : undefined) : query[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return `${publicUrl}/products${text ? `?${text}` : ''}`;
}

/** The product as the catalogue answers it to an anonymous caller (list prices), or undefined when there is none. */
async function productOrNothing(catalog: CatalogService, id: string): Promise<Product | undefined> {
  try {
    return await catalog.getProduct(id);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return undefined;
    throw error;
  }
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
    const product = PRODUCT_ID.test(id) ? await productOrNothing(o.catalog, id) : undefined;
    if (!product) return sendMissing(reply);
    // The same for every visitor: nothing here reads the request's cookies or token, so no member price can show.
    const html = o.shell.page(productHead(o.publicUrl, product), inLayout(productBody(product), `/products/${id}`));
    const etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
    reply.header('cache-control', PAGE_CACHE).header('etag', etag).header('vary', 'Accept-Encoding');
    if (ifNoneMatchNames(request.headers['if-none-match'], (tag) => tag === etag)) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(html);
  });

  const sendPage = (reply: FastifyReply, html: string, cache: string) =>
    reply.type('text/html; charset=utf-8').header('cache-control', cache).send(html);

  // The home page: the build's title and description, and its newest products as links (the app draws them too).
  const home = async () => {
    const latest = await repo.newestPageProducts(o.database.db, HOME_PRODUCT_COUNT);
    const listed = latest.map((p) => ({ _id: p.id, name: p.name, sku: p.sku, price: p.price_cents / 100 }));
    const head = `${o.shell.defaultHead}<link rel="canonical" href="${o.publicUrl}/" />\n    `;
    return o.shell.page(head, inLayout(homeBody(listed), '/'));
  };
  app.get('/', { schema: { hide: true } }, async (_request, reply) => sendPage(reply, await home(), LIST_CACHE));
  app.get('/home', { schema: { hide: true } }, async (_request, reply) => sendPage(reply, await home(), LIST_CACHE));

  // A page of the catalogue, as the query string asks (the storefront's own parameters): links to its products and
  // to the pages before and after it. A query the catalogue refuses gets the plain shell; the app says what is wrong.
  app.get('/products', { schema: { hide: true } }, async (request, reply) => {
    const preload = preloadOf(request.url);
    if (preload) reply.header('link', `<${preload}>; rel=preload; as=fetch; crossorigin`);
    const parsed = catalogQuerySchema.safeParse(request.query);
    if (!parsed.success) return sendPage(reply, o.shell.page(o.shell.defaultHead), 'no-cache');
    const query = parsed.data;
    const result = await o.catalog.catalogPage(query);
    const last = Math.max(1, Math.ceil(result.total / result.pageSize));
    const paging: Paging = {
      ...(result.page > 1 ? { prev: catalogueUrl(o.publicUrl, query, Math.min(result.page - 1, last)) } : {}),
      ...(result.page < last ? { next: catalogueUrl(o.publicUrl, query, result.page + 1) } : {}),
    };
    const heading = query.q ? `Products matching “${query.q}”` : 'Products';
    const head =
      pageHead({
        title: `${heading} · Kestrel Components`,
        description: 'Computer parts in bulk for businesses: processors, memory, storage and more, shipped worldwide.',
        url: catalogueUrl(o.publicUrl, query, result.page),
      }) + pagingHead(paging);
    return sendPage(
      reply,
      o.shell.page(head, inLayout(catalogueBody(heading, result.items, paging), '/products')),
      LIST_CACHE,
    );
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
