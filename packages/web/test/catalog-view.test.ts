// The catalogue page keeps its view in the URL (features/products/catalog-view.ts): a link reproduces the view, and
// equal views give equal query strings (one cache entry, one history entry).
import { describe, expect, it } from 'vitest';
import {
  catalogHref,
  catalogSearch,
  catalogSort,
  changeView,
  emptyView,
  readCatalogView,
} from '../src/features/products/catalog-view';
import { pageWindow } from '../src/lib/page-window';

const read = (search: string) => readCatalogView(new URLSearchParams(search));

describe('the catalogue view in the URL', () => {
  it('reads every part of a shared link and writes it back the same', () => {
    const view = read('q=ddr5+kit&category=Memory&sort=price-asc&page=3&pageSize=12');
    expect(view).toEqual({ q: 'ddr5 kit', category: 'Memory', sort: 'price-asc', page: 3, pageSize: 12 });
    expect(catalogSearch(view)).toBe('q=ddr5+kit&category=Memory&sort=price-asc&page=3&pageSize=12');
    expect(catalogHref(view)).toBe('/products?q=ddr5+kit&category=Memory&sort=price-asc&page=3&pageSize=12');
  });

  it('leaves the defaults out: page 1, the default sort, no search', () => {
    expect(catalogHref(read(''))).toBe('/products');
    expect(catalogSearch(read('page=1&sort=newest'))).toBe('');
    expect(catalogSearch(read('q=ssd&sort=relevance'))).toBe('q=ssd');
    expect(catalogSort(read(''))).toBe('newest');
    expect(catalogSort(read('q=ssd'))).toBe('relevance');
  });

  it('falls back to the defaults for a hand-edited link instead of failing', () => {
    expect(read('sort=cheapest&page=-2&pageSize=1000')).toEqual(emptyView);
    expect(read('page=2.5&pageSize=0')).toEqual(emptyView);
    expect(read('page=abc')).toEqual(emptyView);
    // Relevance ranks nothing without search words.
    expect(read('sort=relevance').sort).toBeNull();
    expect(read('q=%20%20').q).toBe('');
  });

  it('goes back to page 1 when the search, the category or the sort changes, and keeps the rest', () => {
    const view = read('q=fan&category=Cooling&sort=name&page=4&pageSize=6');
    expect(catalogSearch(changeView(view, { category: 'Power' }))).toBe('q=fan&category=Power&sort=name&pageSize=6');
    expect(catalogSearch(changeView(view, { sort: 'price-desc' }))).toBe(
      'q=fan&category=Cooling&sort=price-desc&pageSize=6',
    );
    expect(catalogSearch(changeView(view, { q: '' }))).toBe('category=Cooling&sort=name&pageSize=6');
    expect(catalogSearch({ ...view, page: 5 })).toBe('q=fan&category=Cooling&sort=name&page=5&pageSize=6');
  });

  it('drops a relevance sort when the search is cleared', () => {
    const view = read('q=fan&sort=price-asc');
    const relevance = changeView(view, { sort: 'relevance' });
    expect(relevance.sort).toBeNull();
    expect(catalogSearch(changeView(relevance, { q: '' }))).toBe('');
  });
});

describe('pageWindow', () => {
  it('shows every page of a short list', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows the first, the last and the neighbours of the current page, with gaps', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(pageWindow(6, 10)).toEqual([1, 'gap', 5, 6, 7, 'gap', 10]);
    expect(pageWindow(10, 10)).toEqual([1, 'gap', 9, 10]);
  });

  it('never hides a single page behind a gap', () => {
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pageWindow(7, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
  });
});
