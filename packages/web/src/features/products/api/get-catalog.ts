import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogPage } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
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

/** The page being shown stays on screen (marked busy) while the next one loads, so paging never flashes empty. */
export function useCatalog(search: string) {
  return useQuery({ ...catalogQuery(search), placeholderData: keepPreviousData });
}
