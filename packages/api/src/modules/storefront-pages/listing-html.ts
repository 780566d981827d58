// The catalogue page's and the home page's first screen as a signed-out visitor sees it (B2B §18), in the elements,
// classes and texts of the React components named at each function, so that the app's first render draws the same
// page over it (e2e/tests/seo-pages.spec.ts compares the two trees). List prices only: nothing here knows the reader.
import {
  CARD_IMAGE_HEIGHT,
  CARD_IMAGE_WIDTH,
  MAX_SEARCH_LENGTH,
  cardVariantUrl,
  catalogHref,
  catalogSort,
  changeView,
  emptyView,
  nextPriceBreak,
  orderableMax,
  pageWindow,
  productOrderTerms,
  quantityProblem,
  unitPriceCents,
  type CatalogPage,
  type CatalogSort,
  type CatalogView,
  type Product,
} from '@kestrel/shared';
import { count, dollars, escapeHtml as e, productCard } from './html.js';

/** web features/products/components/catalog-filters.tsx's labels, in CATALOG_SORTS order. */
const SORT_LABELS: Record<CatalogSort, string> = {
  relevance: 'Best match',
  newest: 'Newest first',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  name: 'Name (A to Z)',
};

const cents = (value: number) => dollars.format(value / 100);

/** ` for “cpu” in Memory` (catalog-results.tsx searchWords). */
export const searchWords = (view: CatalogView) =>
  `${view.q ? ` for “${view.q}”` : ''}${view.category ? ` in ${view.category}` : ''}`;

const pageCount = (page: CatalogPage) => Math.max(1, Math.ceil(page.total / page.pageSize));

/** CatalogSearch (catalog-filters.tsx): a GET form, so it searches without the scripts too. */
const searchForm = (view: CatalogView) =>
  `<div class="mt-6 max-w-2xl"><form role="search" aria-label="Products" class="flex flex-col gap-1">` +
  `<label for="catalog-search" class="text-sm font-medium">Search products</label><div class="flex gap-2">` +
  `<input id="catalog-search" name="q" type="search" class="input w-full" value="${e(view.q)}" placeholder="Name, description or SKU" maxlength="${MAX_SEARCH_LENGTH}" autocomplete="off" enterkeyhint="search" />` +
  `<button type="submit" class="btn btn-primary">Search</button></div></form></div>`;

const FACET =
  'flex items-center justify-between gap-3 whitespace-nowrap rounded-field border px-3 py-1.5 text-sm md:border-0';

/** CategoryFacets (catalog-filters.tsx). */
function facets(view: CatalogView, categories: CatalogPage['categories']): string {
  const all = categories.reduce((sum, c) => sum + c.count, 0);
  const listed =
    view.category && !categories.some((c) => c.name === view.category)
      ? [...categories, { name: view.category, count: 0 }]
      : categories;
  const entries = [{ name: '', label: 'All categories', count: all }, ...listed.map((c) => ({ ...c, label: c.name }))];
  const items = entries.map((entry) => {
    const current = entry.name === view.category;
    const look = current
      ? 'border-primary bg-primary text-primary-content'
      : 'border-base-300 bg-base-100 hover:bg-base-300';
    return (
      `<li><a href="${e(catalogHref(changeView(view, { category: entry.name })))}"${current ? ' aria-current="true"' : ''} class="${FACET} ${look}">` +
      `<span>${e(entry.label)}</span> <span class="tabular-nums">${entry.count}<span class="sr-only"> products</span></span></a></li>`
    );
  });
  return (
    `<nav aria-labelledby="facets-title"><h2 id="facets-title" class="mb-2 text-sm font-semibold uppercase tracking-wide">Category</h2>` +
    `<ul class="relative flex gap-2 overflow-x-auto pb-2 md:flex-col md:gap-1 md:overflow-visible md:pb-0">${items.join('')}</ul></nav>`
  );
}

/** ResultsSummary (catalog-results.tsx). */
function summary(view: CatalogView, page: CatalogPage): string {
  const first = (page.page - 1) * page.pageSize + 1;
  const last = first + page.items.length - 1;
  const total = `${count.format(page.total)} ${page.total === 1 ? 'product' : 'products'}`;
  const text =
    page.items.length === 0
      ? `${total}${searchWords(view)}`
      : `Showing ${count.format(first)}–${count.format(last)} of ${total}${searchWords(view)}`;
  return `<p class="text-sm">${e(`${text} · Page ${page.page} of ${pageCount(page)}`)}</p>`;
}

/** SortSelect (catalog-filters.tsx): the option shown is `selected`, as React's value sets it. */
function sortSelect(view: CatalogView): string {
  const chosen = catalogSort(view);
  const options = (Object.keys(SORT_LABELS) as CatalogSort[])
    .filter((sort) => sort !== 'relevance' || view.q)
    .map((sort) => `<option value="${sort}"${sort === chosen ? ' selected' : ''}>${SORT_LABELS[sort]}</option>`);
  return (
    `<div class="flex items-center gap-2"><label for="catalog-sort" class="text-sm font-medium whitespace-nowrap">Sort by</label>` +
    `<select id="catalog-sort" class="h-9 rounded-field border border-base-300 bg-base-100 px-2 text-sm">${options.join('')}</select></div>`
  );
}

/**
 * AddToCart (features/cart/components/add-to-cart.tsx), compact, for a signed-out visitor: the quantity at the
 * minimum with its price, and a way to sign in. `id` stands for React's useId (the ids only tie labels to fields).
 */
function addToCart(p: Product, id: string): string {
  const terms = productOrderTerms(p);
  const max = orderableMax(terms);
  const button = 'btn btn-outline btn-primary btn-sm';
  const named = `<span class="sr-only"> ${e(p.name)}</span>`;
  if (max < p.quantity) {
    return (
      `<div class="flex flex-col items-start gap-2"><button type="button" class="${button}" disabled aria-describedby="${id}-sold-out">Add to cart${named}</button>` +
      `<p id="${id}-sold-out" class="text-sm font-semibold text-error">Not enough stock for the minimum order right now.</p></div>`
    );
  }
  const problem = quantityProblem(terms, p.quantity);
  const unit = unitPriceCents(terms, p.quantity, undefined);
  const next = nextPriceBreak(terms.priceBreaks, p.quantity, unit);
  const line = `${count.format(p.quantity)} × ${cents(unit)} = ${cents(unit * p.quantity)}`;
  const note =
    problem ?? (next ? `${line} · ${cents(next.priceCents)} each from ${count.format(next.minQuantity)}` : line);
  return (
    `<form novalidate class="flex flex-wrap items-center gap-x-2 gap-y-1">` +
    `<label for="${id}-qty" class="w-full text-sm font-medium">Quantity<span class="sr-only"> of ${e(p.name)}</span></label>` +
    `<input id="${id}-qty" type="number" inputmode="numeric" class="input input-sm w-28 tabular-nums${problem ? ' input-error' : ''}" min="${p.quantity}" max="${max}" step="${p.packSize}" value="${p.quantity}" aria-describedby="${id}-note"${problem ? ' aria-invalid="true"' : ''} />` +
    `<a class="${button}" href="/login">Sign in to order${named}</a>` +
    `<p id="${id}-note" class="w-full text-sm${problem ? ' text-error' : ''}" aria-live="polite">${e(note)}</p>` +
    `<p class="w-full text-sm" role="status"></p></form>`
  );
}

/** CatalogCard (catalog-card.tsx) with the app's 'Add to cart' at its foot, as a signed-out visitor sees it. */
function catalogCard(p: Product, index: number): string {
  const terms = productOrderTerms(p);
  const soldOut = p.availableQuantity < p.quantity;
  const atMinimum = unitPriceCents(terms, p.quantity, undefined);
  const lower = terms.priceBreaks.at(-1);
  return (
    `<article class="relative flex h-full flex-col rounded-box border border-base-300 bg-base-100 shadow-sm">` +
    `<div class="flex gap-3 p-3 sm:flex-col sm:gap-0 sm:p-0">` +
    `<img src="${e(cardVariantUrl(p.img))}" alt="" width="${CARD_IMAGE_WIDTH}" height="${CARD_IMAGE_HEIGHT}" loading="${index < 3 ? 'eager' : 'lazy'}" decoding="async" class="aspect-[4/3] h-auto w-28 shrink-0 self-start rounded-field bg-base-200 object-cover sm:w-full sm:rounded-b-none" />` +
    `<div class="flex min-w-0 flex-1 flex-col gap-1 sm:p-4">` +
    `<p class="text-xs font-semibold uppercase tracking-wide">${e(p.category)}</p>` +
    `<h3 class="text-base font-semibold leading-snug"><a class="link link-hover after:absolute after:inset-0 after:content-['']" href="/products/${e(p._id)}">${e(p.name)}</a></h3>` +
    `<p class="font-mono text-xs">SKU ${e(p.sku)}</p>` +
    `<p class="mt-1 text-lg font-semibold text-primary">${cents(atMinimum)}<span class="text-sm font-normal text-base-content"> per unit</span></p>` +
    (lower && lower.priceCents < atMinimum
      ? `<p class="text-sm">down to ${cents(lower.priceCents)} from ${count.format(lower.minQuantity)}</p>`
      : '') +
    `<dl class="mt-1 grid grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 text-sm">` +
    `<dt>Minimum order</dt><dd class="text-right tabular-nums">${count.format(p.quantity)}</dd>` +
    `<dt>Pack size</dt><dd class="text-right tabular-nums">${count.format(p.packSize)}</dd>` +
    `<dt>In stock</dt><dd class="text-right tabular-nums${soldOut ? ' font-semibold text-error' : ''}">` +
    `${count.format(p.availableQuantity)}${soldOut ? ' (below minimum)' : ''}</dd></dl></div></div>` +
    `<div class="relative mt-auto px-3 pb-3 sm:px-4 sm:pb-4">${addToCart(p, `card-${index}`)}</div></article>`
  );
}

/** NoResults (catalog-results.tsx): a page past the end, or nothing found. */
function noResults(view: CatalogView, page: CatalogPage): string {
  if (page.total > 0) {
    const last = pageCount(page);
    return (
      `<p class="rounded-box border border-base-300 bg-base-100 p-6 text-center">There is no page ${page.page}: this list has ${last} ${last === 1 ? 'page' : 'pages'}. ` +
      `<a class="link" href="${e(catalogHref({ ...view, page: last }))}">Go to the last page</a></p>`
    );
  }
  const none = view.q
    ? `No products match “${view.q}”${view.category ? ` in ${view.category}` : ''}.`
    : view.category
      ? `No products in ${view.category}.`
      : 'The catalogue is empty.';
  return (
    `<div class="rounded-box border border-base-300 bg-base-100 p-6 text-center"><p class="font-semibold">${e(none)}</p>` +
    (view.q
      ? `<p class="mt-2 text-sm">Check the spelling, search for fewer words or a SKU, or look in every category.</p>`
      : '') +
    `<p class="mt-4 flex flex-wrap justify-center gap-2">` +
    (view.q && view.category
      ? `<a class="btn btn-sm" href="${e(catalogHref(changeView(view, { category: '' })))}">Search every category</a>`
      : '') +
    `<a class="btn btn-primary btn-sm" href="${e(catalogHref(emptyView))}">Clear the search and show all products</a></p></div>`
  );
}

/** Pagination (components/ui/pagination.tsx): Previous and Next carry rel prev/next, the links keep the query. */
function pagination(view: CatalogView, page: number, pages: number): string {
  if (pages <= 1) return '';
  const href = (to: number) => e(catalogHref({ ...view, page: to }));
  const edge = (to: number, text: 'Previous' | 'Next', enabled: boolean) =>
    enabled
      ? `<a class="btn btn-sm" rel="${text === 'Next' ? 'next' : 'prev'}" href="${href(to)}">${text}</a>`
      : `<span class="btn btn-sm btn-disabled" aria-disabled="true">${text}</span>`;
  const numbers = pageWindow(page, pages).map((item) =>
    item === 'gap'
      ? `<li aria-hidden="true" class="px-1">…</li>`
      : `<li><a class="btn btn-sm ${item === page ? 'btn-primary' : 'btn-ghost'}"${item === page ? ' aria-current="page"' : ''} aria-label="Page ${item}" href="${href(item)}">${item}</a></li>`,
  );
  return (
    `<nav aria-label="Pagination" class="mt-8 flex flex-wrap items-center justify-center gap-2">` +
    edge(page - 1, 'Previous', page > 1) +
    `<ul class="hidden items-center gap-1 sm:flex">${numbers.join('')}</ul>` +
    `<p class="px-2 text-sm sm:hidden">Page ${page} of ${pages}</p>` +
    edge(page + 1, 'Next', page < pages) +
    `</nav>`
  );
}

/** The catalogue page (features/products/components/catalog-page.tsx) once its answer is in, for `view`. */
export function catalogueBody(view: CatalogView, page: CatalogPage): string {
  const results =
    page.items.length > 0
      ? `<ul class="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">${page.items.map((p, i) => `<li>${catalogCard(p, i)}</li>`).join('')}</ul>`
      : noResults(view, page);
  const clear =
    page.items.length > 0 && (view.q || view.category)
      ? `<a class="link text-sm" href="${e(catalogHref(emptyView))}">Clear the search and category</a>`
      : '';
  return (
    `<div class="mx-auto min-h-screen max-w-6xl px-4 py-8"><h1 class="text-3xl font-semibold">Products</h1>` +
    `<p class="mt-1">The whole Kestrel range: search by name, description or SKU, pick a category and sort.</p>` +
    searchForm(view) +
    `<div class="mt-6 grid grid-cols-1 gap-6 md:grid-cols-[14rem_1fr]">` +
    `<div class="min-h-[4.5rem] md:min-h-0">${facets(view, page.categories)}</div>` +
    `<section aria-labelledby="results-title" aria-busy="false" class="min-w-0">` +
    `<div class="mb-4 flex flex-wrap items-end justify-between gap-3"><div>` +
    `<h2 id="results-title" tabindex="-1" class="scroll-mt-24 text-xl font-semibold">Results</h2>` +
    `<div role="status" class="min-h-5">${summary(view, page)}</div>${clear}</div>${sortSelect(view)}</div>` +
    `<div>${results}${pagination(view, page.page, pageCount(page))}</div></section></div></div>`
  );
}

const STATS: Array<[string, string]> = [
  ['24/7', 'support'],
  ['10000+', 'client satisfaction'],
  ['33k+', 'reviews'],
];

/**
 * The home page (app/routes/home-page.tsx, home-banner.tsx) with its latest products in: the banner, the figures,
 * the cards with their 'Purchase' links, and the lower half's empty place (it loads later, below the fold).
 */
export function homeBody(latest: readonly Product[]): string {
  const stats = STATS.map(
    ([value, label]) =>
      `<li class="rounded-box border border-base-300 bg-base-100 p-6 text-center shadow-sm"><p class="text-4xl font-bold text-primary">${value}</p><p class="mt-1 font-medium">${label}</p></li>`,
  );
  const cards = latest.map((p, index) => {
    const purchase = `<a class="btn btn-primary" aria-label="Purchase ${e(p.name)}" href="/purchase/${e(p._id)}">Purchase</a>`;
    return `<li>${productCard(p, { eager: index === 0, heading: 'h3', actions: purchase })}</li>`;
  });
  return (
    `<section aria-labelledby="banner-title" class="bg-primary px-4 pb-20 pt-16 text-primary-content md:pt-24"><div class="mx-auto max-w-6xl">` +
    `<h1 id="banner-title" class="max-w-3xl text-4xl font-bold md:text-5xl">Precision computer parts, built for your production line</h1>` +
    `<p class="mt-4 max-w-xl text-lg">Motherboards, memory, storage and power delivered by the thousand, tested before they leave our factory.</p>` +
    `<a href="#latest-products" class="btn btn-lg mt-8 border-0 bg-base-100 text-primary">See the latest parts</a></div></section>` +
    `<ul aria-label="Kestrel in numbers" class="mx-auto -mt-10 grid max-w-6xl gap-4 px-4 sm:grid-cols-3">${stats.join('')}</ul>` +
    `<section id="latest-products" aria-labelledby="latest-title" class="mx-auto max-w-6xl px-4 py-14">` +
    `<h2 id="latest-title" class="text-center text-3xl font-semibold">Latest products</h2>` +
    `<ul class="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">${cards.join('')}</ul>` +
    `<p class="mt-8 text-center"><a class="btn btn-outline btn-primary" href="/products">Browse the whole catalogue</a></p></section>` +
    `<div class="min-h-96"></div>`
  );
}

/** The addresses of the catalogue pages before and after one, absolute. */
export interface Paging {
  prev?: string;
  next?: string;
}

/** The head's rel prev/next links, which crawlers follow through the pages. */
export const pagingHead = (paging: Paging) =>
  (paging.prev ? `<link rel="prev" href="${e(paging.prev)}" />\n    ` : '') +
  (paging.next ? `<link rel="next" href="${e(paging.next)}" />\n    ` : '');
