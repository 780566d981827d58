// The markup of the pages the server answers (B2B §18). Everything from the database is user data: text goes through
// escapeHtml, the JSON-LD through jsonForScript, so a product named `</script><script>` stays text.
import { CARD_IMAGE_HEIGHT, CARD_IMAGE_WIDTH, PAGE_DATA_IDS, cardVariantUrl, messages } from '@kestrel/shared';
import type { Product } from '@kestrel/shared';

const HTML_SPECIAL: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text or an attribute value as HTML. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_SPECIAL[c] ?? c);

/**
 * JSON text that cannot end its <script> early (no '<', '>' or '&' as such) nor break a line in old parsers: those
 * only occur inside JSON's strings, where their \u escapes mean the same.
 */
const scriptSafe = (json: string) =>
  json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export const jsonForScript = (value: unknown) => scriptSafe(JSON.stringify(value));

/** Money and quantities as the storefront writes them (web lib/money.ts, lib/count.ts). */
export const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const count = new Intl.NumberFormat('en-US');
const SITE = 'Kestrel Components';

/** The storefront's rule (product page): in stock while the stock covers the minimum order. */
export const inStock = (p: Product) => p.availableQuantity >= p.quantity;

/** A description fit for a meta tag: one line, at most 160 characters. */
const summary = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 157).trimEnd()}…` : line;
};

export const productUrl = (publicUrl: string, id: string) => `${publicUrl}/products/${id}`;
const absolute = (publicUrl: string, src: string) => new URL(src, `${publicUrl}/`).href;

/** The schema.org Product of a product page, with its list price only. */
export function productJsonLd(publicUrl: string, p: Product) {
  const url = productUrl(publicUrl, p._id);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    sku: p.sku,
    description: p.description,
    image: absolute(publicUrl, p.img),
    offers: {
      '@type': 'Offer',
      price: p.price.toFixed(2),
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

/** JSON text in a page's head for the storefront's query to start from: its first render draws what the server drew. */
export const dataScript = (id: string, json: string) =>
  `<script type="application/json" id="${id}">${scriptSafe(json)}</script>\n    `;

export function productHead(publicUrl: string, p: Product): string {
  return (
    pageHead({
      title: `${p.name} · ${SITE}`,
      description: p.description || p.name,
      url: productUrl(publicUrl, p._id),
      image: absolute(publicUrl, p.img),
      type: 'product',
    }) +
    `<script type="application/ld+json">${jsonForScript(productJsonLd(publicUrl, p))}</script>\n    ` +
    dataScript(PAGE_DATA_IDS.product, JSON.stringify(p))
  );
}

const tableRow = (minQuantity: number, price: number) =>
  `<tr><th scope="row" class="font-normal tabular-nums">${count.format(minQuantity)}</th>` +
  `<td class="text-right tabular-nums">${dollars.format(price)}</td></tr>`;

/** The product details panel (features/products/components/product-terms.tsx) as a signed-out visitor sees it. */
function productTerms(p: Product): string {
  const pack = p.packSize === 1 ? '1 unit (any quantity)' : `${count.format(p.packSize)} units per pack`;
  const max =
    p.maxQuantity !== null
      ? `<dt class="font-medium">Maximum per order</dt><dd class="tabular-nums">${count.format(p.maxQuantity)} units</dd>`
      : '';
  const prices =
    p.priceBreaks.length > 0
      ? `<table class="table mt-4"><caption class="mb-1 text-left font-semibold">Volume prices</caption>` +
        `<thead class="text-base-content"><tr><th scope="col">Quantity from</th><th scope="col" class="text-right">Unit price</th></tr></thead>` +
        `<tbody>${[{ minQuantity: p.quantity, price: p.price }, ...p.priceBreaks].map((r) => tableRow(r.minQuantity, r.price)).join('')}</tbody></table>`
      : `<p class="mt-4 text-sm">One price for every quantity: ${dollars.format(p.price)} per unit.</p>`;
  return (
    `<section aria-labelledby="terms-title" class="rounded-box border border-base-300 bg-base-100 p-6">` +
    `<h2 id="terms-title" class="text-xl font-semibold">Product details</h2>` +
    `<dl class="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">` +
    `<dt class="font-medium">SKU</dt><dd class="font-mono">${escapeHtml(p.sku)}</dd>` +
    `<dt class="font-medium">Category</dt><dd>${escapeHtml(p.category)}</dd>` +
    `<dt class="font-medium">Pack size</dt><dd class="tabular-nums">${pack}</dd>${max}</dl>` +
    `<div class="mt-3"></div>${prices}</section>`
  );
}

/** The product card (features/products/components/product-card.tsx) with its list price, and `actions` at its foot. */
export function productCard(p: Product, o: { eager: boolean; heading: 'h2' | 'h3'; actions?: string }): string {
  const name = escapeHtml(p.name);
  return (
    `<article class="card h-full border border-base-300 bg-base-100 shadow-sm">` +
    `<figure class="bg-base-200"><img src="${escapeHtml(cardVariantUrl(p.img))}" alt="${name}" width="${CARD_IMAGE_WIDTH}" height="${CARD_IMAGE_HEIGHT}" loading="${o.eager ? 'eager' : 'lazy'}" decoding="async" class="aspect-[4/3] h-auto w-full object-cover" /></figure>` +
    `<div class="card-body gap-2 p-5">` +
    `<${o.heading} class="card-title text-lg">${name}</${o.heading}>` +
    `<p class="text-lg font-semibold text-primary">Price:${dollars.format(p.price)}/per unit</p>` +
    `<p class="text-sm leading-relaxed">${escapeHtml(p.description)}</p>` +
    `<dl class="mt-1 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm">` +
    `<dt>Minimun Order Quantity</dt><dd class="text-right font-semibold tabular-nums">${count.format(p.quantity)}</dd>` +
    `<dt>Available Quantity</dt><dd class="text-right font-semibold tabular-nums">${count.format(p.availableQuantity)}</dd>` +
    `</dl>${o.actions ? `<div class="card-actions mt-auto justify-end pt-3">${o.actions}</div>` : ''}</div></article>`
  );
}

/**
 * The product page as a signed-out visitor sees it, in the structure and classes of app/routes/product-page.tsx and
 * the components it draws, so React's first render draws the same page over it.
 */
export function productBody(p: Product): string {
  const name = escapeHtml(p.name);
  const soldOut = !inStock(p);
  return (
    `<div class="mx-auto grid min-h-screen max-w-5xl content-start items-start gap-8 px-4 py-10 md:grid-cols-2">` +
    `<h1 class="sr-only">${name}</h1>` +
    `<div>${productCard(p, { eager: true, heading: 'h2' })}</div>` +
    `<div class="flex flex-col gap-6 self-start">` +
    `<section aria-labelledby="order-panel" class="rounded-box border border-base-300 bg-base-100 p-6">` +
    `<h2 id="order-panel" class="text-xl font-semibold">Order in bulk</h2>` +
    `<p class="mt-2">Orders start at ${p.quantity} pieces${p.packSize > 1 ? `, in packs of ${p.packSize}` : ''}.</p>` +
    `<p class="mt-2 font-semibold">${soldOut ? 'Out of stock' : 'In stock'}</p>` +
    (soldOut ? `<p class="mt-2 font-semibold text-error">Not enough stock for the minimum order right now.</p>` : '') +
    `<p class="mt-4"><a class="btn btn-primary" href="/login">Sign in to order</a></p></section>` +
    `<section aria-labelledby="quote-panel" class="rounded-box border border-base-300 bg-base-100 p-6">` +
    `<h2 id="quote-panel" class="text-xl font-semibold">Need a better price?</h2>` +
    `<p class="mb-4 mt-2">For a large or unusual order, ask for a quote: the shop answers with an offer you can accept as an order.</p>` +
    `<a class="btn btn-outline btn-primary" href="/login">Sign in to request a quote</a></section>` +
    productTerms(p) +
    `</div></div>`
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

const NAV_ITEM = 'block rounded-field px-3 py-2 font-medium hover:bg-base-200';
const NAV_LINKS: Array<[string, string]> = [
  ['/', 'Home'],
  ['/products', 'Products'],
  ['/myportfolio', 'My Portfolio'],
  ['/blog', 'Blogs'],
  ['/login', 'Login'],
];

/** The navbar (app/layout/navbar.tsx) as a signed-out visitor sees it on `path`, its menu closed. */
function navbar(path: string): string {
  const items = NAV_LINKS.map(([to, label]) => {
    const active = path === to || (to !== '/' && path.startsWith(`${to}/`));
    const link = active
      ? `<a class="${NAV_ITEM} bg-base-200 text-primary" aria-current="page" href="${to}">${label}</a>`
      : `<a class="${NAV_ITEM}" href="${to}">${label}</a>`;
    return `<li>${link}</li>`;
  });
  return (
    `<header class="sticky top-0 z-30 border-b border-base-300 bg-base-100">` +
    `<nav aria-label="Main" class="mx-auto flex min-h-14 max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2">` +
    `<a class="flex items-center gap-2 text-lg font-bold text-primary" href="/"><img src="/favicon.svg" alt="" width="28" height="28" />Kestrel Components</a>` +
    `<button type="button" class="btn btn-ghost md:hidden" aria-expanded="false" aria-controls="main-menu">Menu</button>` +
    `<ul id="main-menu" class="hidden w-full gap-1 pb-2 md:flex md:w-auto md:pb-0">${items.join('')}</ul></nav></header>`
  );
}

const footer = () =>
  `<footer class="bg-neutral px-4 py-8 text-center text-sm text-neutral-content">` +
  `<p class="font-semibold">Kestrel Components — computer parts in bulk for system builders and IT teams</p>` +
  `<p class="mt-2">Copyright © ${new Date().getFullYear()} Kestrel Components. All rights reserved.</p></footer>`;

/** The app's frame (app/layout/root-layout.tsx: skip link, navbar, main, footer) around a page on `path`. */
export const inLayout = (page: string, path = '') =>
  `<div class="flex min-h-screen flex-col bg-base-200 text-base-content">` +
  `<a href="#main" class="btn btn-primary btn-sm sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50">Skip to content</a>` +
  navbar(path) +
  `<main id="main" tabindex="-1" class="flex-1 focus:outline-none">${page}</main>${footer()}</div>`;
