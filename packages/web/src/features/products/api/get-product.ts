import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@kestrel/shared';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { viewer } from '../../../lib/viewer';

export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return apiRequest<Product>(`/service/${encodeURIComponent(id)}`, { signal });
}

export const productQuery = (id: string) =>
  queryOptions({ queryKey: ['products', 'one', id, viewer()], queryFn: ({ signal }) => getProduct(id, signal) });

export function useProduct(id: string) {
  return useQuery(productQuery(id));
}

/**
 * No such product: an unknown id (404) or one that is not an id at all (400 on the path's only parameter). A mistyped
 * or cut-off link is a missing page to a reader, not a validation message (issue #47), so both show the 404 page.
 */
export function isNoSuchProduct(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}
