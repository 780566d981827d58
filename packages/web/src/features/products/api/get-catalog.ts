import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_DATA_IDS, type CatalogPage } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { pageData } from '../../../lib/page-data';
import { viewer } from '../../../lib/viewer';

/** One page of the catalogue; `search` is the canonical query string of the view (catalog-view.ts). */
export function getCatalog(search: string, signal?: AbortSignal): Promise<CatalogPage> {
  return apiRequest<CatalogPage>(search ? `/catalog?${search}` : '/catalog', { signal });
}

export const catalogQuery = (search: string) =>
  queryOptions({
    queryKey: ['products', 'catalog', search, viewer()],
    queryFn: ({ signal }) => getCatalog(search, signal),
  });

/**
 * The answer the server's catalogue page holds for this view (B2B §18), for an anonymous visitor (it has list prices
 * only, which is what the API answers them): the first render then draws the page the server drew, no spinner.
 */
function catalogInPage(search: string): CatalogPage | undefined {
  if (viewer() !== 'anonymous') return undefined;
  const held = pageData(PAGE_DATA_IDS.catalogue);
  const matches = typeof held === 'object' && held !== null && 'search' in held && held.search === search;
  return matches && 'page' in held ? (held.page as CatalogPage) : undefined;
}

/** The page being shown stays on screen (marked busy) while the next one loads, so paging never flashes empty. */
export function useCatalog(search: string) {
  return useQuery({
    ...catalogQuery(search),
    placeholderData: keepPreviousData,
    initialData: () => catalogInPage(search),
  });
}
