// The pages the server answers itself (B2B §18): GET /products/{id} as HTML, /sitemap.xml with its parts, /robots.txt.
// Registered only when the storefront's build is there (its index.html is the shell of every page).
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  catalogHref,
  catalogQuerySchema,
  catalogSearch,
  HOME_PRODUCT_COUNT,
  PAGE_DATA_IDS,
  productSchema,
  readCatalogView,
  type CatalogPage,
  type Product,
} from '@kestrel/shared';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { OpenDatabase } from '../../infra/db/create-db.js';
import { AppError } from '../../infra/errors.js';
import type { WebShell } from '../../infra/http/web-shell.js';
import type { CatalogService } from '../catalog/index.js';
import { dataScript, inLayout, notFoundBody, notFoundHead, pageHead, productBody, productHead } from './html.js';
import { catalogueBody, homeBody, pagingHead, searchWords, type Paging } from './listing-html.js';
import { sendHtml } from './send-html.js';
import { robotsTxt, sitemapIndex, sitemapLayout, sitemapPart, type SitemapOptions } from './sitemap.js';

/**
 * Stored by anyone (the page holds list prices only, the same for every visitor) but revalidated on each use: a 304
 * with the ETag costs a read, not the page, and a new build's scripts or a price or stock change show at once.
 */
const PAGE_CACHE = 'public, no-cache';
const SITEMAP_CACHE = 'public, max-age=3600';
const PRODUCT_ID = /^[0-9a-f]{24}$/;
const productListSchema = productSchema.array();

export interface StorefrontPagesOptions {
  shell: WebShell;
  database: OpenDatabase;
  catalog: CatalogService;
  publicUrl: string;
  budgetMs: number;
  /** URLs per sitemap file (tests lower it). */
  sitemapLimit?: number;
}

/** Listing pages change with every product edit and name the build's scripts: revalidated on each use, as index.html. */
const LIST_CACHE = 'no-cache';

/** The product as the catalogue answers it to an anonymous caller (list prices), or undefined when there is none. */
async function productOrNothing(catalog: CatalogService, id: string): Promise<Product | undefined> {
  try {
    return await catalog.getProduct(id);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return undefined;
    throw error;
  }
}

/** A page of the catalogue as GET /api/catalog answers anyone, or undefined when the search ran past its budget. */
async function catalogPageOrNothing(
  catalog: CatalogService,
  query: Parameters<CatalogService['catalogPage']>[0],
): Promise<CatalogPage | undefined> {
  try {
    return await catalog.catalogPage(query);
  } catch (error) {
    if (error instanceof AppError && (error.statusCode < 500 || error.statusCode === 503)) return undefined;
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
    return sendHtml(request, reply.header('cache-control', PAGE_CACHE), html, etag);
  });

  const sendPage = (request: FastifyRequest, reply: FastifyReply, html: string, cache: string) =>
    sendHtml(request, reply.header('cache-control', cache), html);

  // The home page: the build's title and description, and the page as the app draws it with its newest products (the
  // same JSON text GET /api/service?sort=newest&limit=3 answers anyone, which the app's query starts from).
  const home = async () => {
    const latestJson = await o.catalog.listProductsJson({ sort: 'newest', limit: HOME_PRODUCT_COUNT });
    const latest = productListSchema.parse(JSON.parse(latestJson));
    const head =
      `${o.shell.defaultHead}<link rel="canonical" href="${o.publicUrl}/" />\n    ` +
      dataScript(PAGE_DATA_IDS.latestProducts, latestJson);
    return o.shell.page(head, inLayout(homeBody(latest), '/'));
  };
  app.get('/', { schema: { hide: true } }, async (request, reply) =>
    sendPage(request, reply, await home(), LIST_CACHE),
  );
  app.get('/home', { schema: { hide: true } }, async (request, reply) =>
    sendPage(request, reply, await home(), LIST_CACHE),
  );

  // A page of the catalogue: the view the app reads from the address (catalog-view.ts), answered as GET /api/catalog
  // answers anyone that view's canonical query, drawn as the app draws it, with rel prev/next to the pages around it.
  // A view the catalogue refuses, or a search past its time budget, gets the plain shell: the app says what is wrong.
  app.get('/products', { schema: { hide: true } }, async (request, reply) => {
    const view = readCatalogView(new URLSearchParams(request.url.split('?')[1] ?? ''));
    const search = catalogSearch(view);
    const parsed = catalogQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(search)));
    const result = parsed.success ? await catalogPageOrNothing(o.catalog, parsed.data) : undefined;
    if (!result) return sendPage(request, reply, o.shell.page(o.shell.defaultHead), 'no-cache');
    const last = Math.max(1, Math.ceil(result.total / result.pageSize));
    const at = (page: number) => `${o.publicUrl}${catalogHref({ ...view, page })}`;
    const paging: Paging = {
      ...(result.page > 1 ? { prev: at(Math.min(result.page - 1, last)) } : {}),
      ...(result.page < last ? { next: at(result.page + 1) } : {}),
    };
    const head =
      pageHead({
        title: `${view.q || view.category ? `Products${searchWords(view)}` : 'Products'} · Kestrel Components`,
        description: 'Computer parts in bulk for businesses: processors, memory, storage and more, shipped worldwide.',
        url: at(result.page),
      }) +
      pagingHead(paging) +
      dataScript(PAGE_DATA_IDS.catalogue, JSON.stringify({ search, page: result }));
    const html = o.shell.page(head, inLayout(catalogueBody(view, result), '/products'));
    return sendPage(request, reply, html, LIST_CACHE);
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
