// What the catalogue page shows (search, category, sort, page) lives in the URL's query string, so a link reproduces
// the view and back/forward walk through the searches. This file reads and writes that query string; the same
// canonical string is what the page asks GET /api/catalog and its cache key. Shared, because the server draws the
// catalogue page's first screen from the same view (B2B §18, api storefront-pages).
import { CATALOG_SORTS, MAX_CATALOG_PAGE_SIZE, MAX_CATEGORY_LENGTH, type CatalogSort } from './catalog-rules.js';

export interface CatalogView {
  /** The search words as typed ('' = no search). */
  q: string;
  /** One category ('' = all of them). */
  category: string;
  /** The order asked for; null = the default for the search (catalogSort). */
  sort: CatalogSort | null;
  /** From 1. */
  page: number;
  /** null = the server's default (24); only a shared link sets it, the page offers no control for it. */
  pageSize: number | null;
}

export const emptyView: CatalogView = { q: '', category: '', sort: null, page: 1, pageSize: null };

/** B2B §1: relevance is the default with a search, newest without (relevance means nothing without one). */
export function defaultSort(q: string): CatalogSort {
  return q ? 'relevance' : 'newest';
}

export function catalogSort(view: CatalogView): CatalogSort {
  return view.sort ?? defaultSort(view.q);
}

function isSort(value: string | null): value is CatalogSort {
  return CATALOG_SORTS.some((sort) => sort === value);
}

/** A whole number from `min` to `max`, or null when the text is not one. */
function wholeNumber(text: string | null, min: number, max: number): number | null {
  if (text === null || !/^\d{1,7}$/.test(text.trim())) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/** Keeps a sort only when it means something and is not already the default. */
function keptSort(sort: CatalogSort | null, q: string): CatalogSort | null {
  if (sort === null || sort === defaultSort(q) || (sort === 'relevance' && !q)) return null;
  return sort;
}

/**
 * Reads a view from the URL. A hand-edited or stale link never breaks the page: unknown sorts and bad numbers
 * fall back to the defaults rather than to the server's 400.
 */
export function readCatalogView(params: URLSearchParams): CatalogView {
  const q = (params.get('q') ?? '').trim();
  const sort = params.get('sort');
  return {
    q,
    category: (params.get('category') ?? '').trim().slice(0, MAX_CATEGORY_LENGTH),
    sort: keptSort(isSort(sort) ? sort : null, q),
    page: wholeNumber(params.get('page'), 1, 1_000_000) ?? 1,
    pageSize: wholeNumber(params.get('pageSize'), 1, MAX_CATALOG_PAGE_SIZE),
  };
}

/** The canonical query string of a view (no leading '?'): defaults are left out, so equal views give equal strings. */
export function catalogSearch(view: CatalogView): string {
  const params = new URLSearchParams();
  if (view.q) params.set('q', view.q);
  if (view.category) params.set('category', view.category);
  const sort = keptSort(view.sort, view.q);
  if (sort) params.set('sort', sort);
  if (view.page > 1) params.set('page', String(view.page));
  if (view.pageSize !== null) params.set('pageSize', String(view.pageSize));
  return params.toString();
}

/** The catalogue page's address for a view. */
export function catalogHref(view: CatalogView): string {
  const search = catalogSearch(view);
  return search ? `/products?${search}` : '/products';
}

/**
 * The view after a change of search, category or sort: back to page 1, since the old page number means nothing in
 * the new list. A change of page alone keeps the rest.
 */
export function changeView(view: CatalogView, change: Partial<Omit<CatalogView, 'pageSize'>>): CatalogView {
  const next = { ...view, page: 1, ...change };
  return { ...next, sort: keptSort(next.sort, next.q) };
}
