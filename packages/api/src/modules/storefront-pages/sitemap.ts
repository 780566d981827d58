// sitemap.xml and robots.txt (B2B §18, sitemaps.org 0.9). The home page, the catalogue and every product page; past
// 50,000 URLs (the protocol's limit per file) sitemap.xml is an index of parts /sitemap-{n}.xml of at most 50,000 each.
// A part is written as it is read, in keyset pages with a pause for the event loop between them, so 100,000 products
// are never held at once and other requests are answered meanwhile.
import type { OpenDatabase } from '../../infra/db/create-db.js';
import { yieldToIo } from '../../infra/yield-to-io.js';
import * as repo from './repository.js';

/** URLs per sitemap file: the protocol's limit (tests lower it to see the index at a few products). */
export const SITEMAP_LIMIT = 50_000;
/** Products read per page of the walk. */
const PAGE = 2_000;
/** The pages before the products in the first part. */
const FIXED_PAGES = ['/', '/products'];

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** XML's five special characters (ids and PUBLIC_URL hold none today; the escape keeps the file well-formed anyway). */
const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

const urlEntry = (loc: string, lastmod?: string) =>
  `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>\n`;

export interface SitemapOptions {
  database: OpenDatabase;
  publicUrl: string;
  budgetMs: number;
  limit?: number;
}

/** How sitemap.xml answers: the only part, or an index of `parts` parts. */
export async function sitemapLayout(o: SitemapOptions): Promise<{ parts: number }> {
  const total = FIXED_PAGES.length + (await repo.countProducts(o.database, o.budgetMs));
  return { parts: Math.ceil(total / (o.limit ?? SITEMAP_LIMIT)) };
}

export function sitemapIndex(publicUrl: string, parts: number): string {
  const entries = Array.from(
    { length: parts },
    (_, i) => `<sitemap><loc>${escapeXml(`${publicUrl}/sitemap-${i + 1}.xml`)}</loc></sitemap>\n`,
  );
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${entries.join('')}</sitemapindex>\n`;
}

/**
 * Part `part` (1-based) of the URL list (the fixed pages, then the products in id order), as chunks of text; undefined
 * when the part does not exist (beyond the last, or part 2 of a list that fits in one).
 */
export async function sitemapPart(o: SitemapOptions, part: number): Promise<AsyncIterable<string> | undefined> {
  if (!Number.isSafeInteger(part) || part < 1) return undefined;
  const limit = o.limit ?? SITEMAP_LIMIT;
  const first = (part - 1) * limit;
  const fixed = FIXED_PAGES.slice(first, first + limit);
  const productStart = Math.max(0, first - FIXED_PAGES.length);
  const after = await repo.idBeforePosition(o.database, productStart, o.budgetMs);
  if (after === undefined && fixed.length === 0) return undefined;
  // An empty part past the first: the position of its first product has no product.
  if (part > 1 && after !== undefined && (await repo.productStampsAfter(o.database.db, after, 1)).length === 0) {
    return undefined;
  }
  return walk(o, fixed, after, limit - fixed.length);
}

async function* walk(
  o: SitemapOptions,
  fixed: string[],
  start: string | undefined,
  count: number,
): AsyncIterable<string> {
  yield `${XML_HEAD}<urlset xmlns="${NS}">\n`;
  yield fixed.map((path) => urlEntry(`${o.publicUrl}${path}`)).join('');
  let after = start;
  let left = count;
  while (after !== undefined && left > 0) {
    const rows = await repo.productStampsAfter(o.database.db, after, Math.min(PAGE, left));
    yield rows.map((row) => urlEntry(`${o.publicUrl}/products/${row.id}`, row.updated_at)).join('');
    left -= rows.length;
    after = rows.length === 0 ? undefined : rows[rows.length - 1]?.id;
    // Each page is a few milliseconds of SQLite on this thread; requests that came meanwhile go first.
    await yieldToIo();
  }
  yield '</urlset>\n';
}

/** robots.txt: the catalogue open to crawlers, the signed-in and API paths not; and where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /products',
    'Disallow: /dashboard',
    'Disallow: /cart',
    'Disallow: /api/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
