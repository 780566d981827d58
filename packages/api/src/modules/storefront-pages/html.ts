// The markup of the pages the server answers (B2B §18). Everything from the database is user data: text goes through
// escapeHtml, the JSON-LD through jsonForScript, so a product named `</script><script>` stays text.
import { CARD_IMAGE_HEIGHT, CARD_IMAGE_WIDTH, cardVariantUrl, messages } from '@kestrel/shared';
import type { PageProduct } from './repository.js';

const HTML_SPECIAL: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value as HTML. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_SPECIAL[c] ?? c);

/** JSON that cannot end its <script> early (no '<', '>' or '&' as such) nor break a line in old parsers. */
export const jsonForScript = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US');
const SITE = 'Kestrel Components';

/** The storefront's rule (product page): in stock while the stock covers the minimum order. */
export const inStock = (p: PageProduct) => p.available_quantity >= p.min_quantity;

/** A description fit for a meta tag: one line, at most 160 characters. */
const summary = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 157).trimEnd()}…` : line;
};

export const productUrl = (publicUrl: string, id: string) => `${publicUrl}/products/${id}`;
const absolute = (publicUrl: string, src: string) => new URL(src, `${publicUrl}/`).href;

/** The schema.org Product of a product page, with its list price only. */
export function productJsonLd(publicUrl: string, p: PageProduct) {
  const url = productUrl(publicUrl, p.id);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    sku: p.sku,
    description: p.description,
    image: absolute(publicUrl, p.img),
    offers: {
      '@type': 'Offer',
      price: (p.price_cents / 100).toFixed(2),
      priceCurrency: 'USD',
      availability: inStock(p) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url,
    },
  };
}

/** Title, description, canonical and OpenGraph of a page. */
export function pageHead(o: { title: string; description: string; url: string; image?: string; type?: string }) {
  const lines = [
    `<title>${escapeHtml(o.title)}</title>`,
    `<meta name="description" content="${escapeHtml(summary(o.description))}" />`,
    `<link rel="canonical" href="${escapeHtml(o.url)}" />`,
    `<meta property="og:type" content="${o.type ?? 'website'}" />`,
    `<meta property="og:site_name" content="${SITE}" />`,
    `<meta property="og:title" content="${escapeHtml(o.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(summary(o.description))}" />`,
    `<meta property="og:url" content="${escapeHtml(o.url)}" />`,
    ...(o.image ? [`<meta property="og:image" content="${escapeHtml(o.image)}" />`] : []),
  ];
  return `${lines.join('\n    ')}\n    `;
}

export function productHead(publicUrl: string, p: PageProduct): string {
  return (
    pageHead({
      title: `${p.name} · ${SITE}`,
      description: p.description || p.name,
      url: productUrl(publicUrl, p.id),
      image: absolute(publicUrl, p.img),
      type: 'product',
    }) + `<script type="application/ld+json">${jsonForScript(productJsonLd(publicUrl, p))}</script>\n    `
  );
}

/** The product's card and terms, in the product page's structure and classes (app/routes/product-page.tsx). */
export function productBody(p: PageProduct): string {
  const name = escapeHtml(p.name);
  const pack = p.pack_size > 1 ? `, in packs of ${count.format(p.pack_size)}` : '';
  return (
    `<div class="mx-auto grid min-h-screen max-w-5xl content-start items-start gap-8 px-4 py-10 md:grid-cols-2">` +
    `<h1 class="sr-only">${name}</h1>` +
    `<div><article class="card h-full border border-base-300 bg-base-100 shadow-sm">` +
    `<figure class="bg-base-200"><img src="${escapeHtml(cardVariantUrl(p.img))}" alt="${name}" width="${CARD_IMAGE_WIDTH}" height="${CARD_IMAGE_HEIGHT}" loading="eager" decoding="async" class="aspect-[4/3] h-auto w-full object-cover" /></figure>` +
    `<div class="card-body gap-2 p-5">` +
    `<h2 class="card-title text-lg">${name}</h2>` +
    `<p class="text-lg font-semibold text-primary">Price:${dollars.format(p.price_cents / 100)}/per unit</p>` +
    `<p class="text-sm leading-relaxed">${escapeHtml(p.description)}</p>` +
    `<dl class="mt-1 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">` +
    `<dt>SKU</dt><dd class="text-right font-semibold">${escapeHtml(p.sku)}</dd>` +
    `<dt>Minimun Order Quantity</dt><dd class="text-right font-semibold tabular-nums">${count.format(p.min_quantity)}</dd>` +
    `<dt>Available Quantity</dt><dd class="text-right font-semibold tabular-nums">${count.format(p.available_quantity)}</dd>` +
    `<dt>Stock</dt><dd class="text-right font-semibold">${inStock(p) ? 'In stock' : 'Out of stock'}</dd>` +
    `</dl></div></article></div>` +
    `<section class="rounded-box border border-base-300 bg-base-100 p-6"><h2 class="text-xl font-semibold">Order in bulk</h2>` +
    `<p class="mt-2">Orders start at ${count.format(p.min_quantity)} pieces${pack}.</p>` +
    `<p class="mt-4"><a href="/login" class="btn btn-primary">Sign in to order</a></p></section>` +
    `</div>`
  );
}

/** The head of 'Page is not Found' (SPEC): the app's own 404 page renders once the scripts run. */
export const notFoundHead = () =>
  `<title>${messages.notFoundPage} · ${SITE}</title>\n    <meta name="robots" content="noindex" />\n    `;

/** The 404 page's markup before the scripts run, in the app's structure (app/routes/not-found-page.tsx). */
export const notFoundBody = () =>
  `<div class="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">` +
  `<p class="text-6xl font-bold text-primary" aria-hidden="true">404</p>` +
  `<h1 class="text-3xl font-semibold">${messages.notFoundPage}</h1>` +
  `<p>The address may be mistyped, or the page has moved.</p>` +
  `<a href="/" class="btn btn-primary">Back to the home page</a></div>`;

/** The app's frame (app/layout/root-layout.tsx) around a page's markup, so the page sits where the app will draw it. */
export const inLayout = (page: string) =>
  `<div class="flex min-h-screen flex-col bg-base-200 text-base-content">` +
  `<main id="main" tabindex="-1" class="flex-1 focus:outline-none">${page}</main></div>`;

/** A product as the catalogue's answer holds it (dollars), for the listing pages. */
export interface ListedProduct {
  _id: string;
  name: string;
  sku: string;
  price: number;
}

/** Products as links to their pages (the catalogue's and the home page's HTML before the scripts run). */
export function productLinks(products: readonly ListedProduct[]): string {
  const items = products.map(
    (p) =>
      `<li><a href="/products/${escapeHtml(p._id)}">${escapeHtml(p.name)}</a> ` +
      `<span>${escapeHtml(p.sku)}</span> <span>${dollars.format(p.price)}</span></li>`,
  );
  return `<ul>${items.join('')}</ul>`;
}

export interface Paging {
  prev?: string;
  next?: string;
}

/** The catalogue page: its products as links and rel prev/next links to the pages around it. */
export function catalogueBody(heading: string, products: readonly ListedProduct[], paging: Paging): string {
  const links = [
    paging.prev ? `<a rel="prev" href="${escapeHtml(paging.prev)}">Previous page</a>` : '',
    paging.next ? `<a rel="next" href="${escapeHtml(paging.next)}">Next page</a>` : '',
  ].join(' ');
  return (
    `<div class="mx-auto max-w-6xl px-4 py-10"><h1 class="text-3xl font-semibold">${escapeHtml(heading)}</h1>` +
    `${productLinks(products)}<nav aria-label="Pages">${links}</nav></div>`
  );
}

/** The head's rel prev/next links, which crawlers follow through the pages. */
export const pagingHead = (paging: Paging) =>
  (paging.prev ? `<link rel="prev" href="${escapeHtml(paging.prev)}" />\n    ` : '') +
  (paging.next ? `<link rel="next" href="${escapeHtml(paging.next)}" />\n    ` : '');

/** The home page's newest products, under the build's own title and description. */
export const homeBody = (products: readonly ListedProduct[]) =>
  `<div class="mx-auto max-w-6xl px-4 py-14"><h1 class="text-3xl font-semibold">Kestrel Components</h1>` +
  `<h2>Latest products</h2>${productLinks(products)}</div>`;
