import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { viewer } from '../../../lib/viewer';

export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return apiRequest<Product>(`/service/${encodeURIComponent(id)}`, { signal });
}

export const productQuery = (id: string) =>
  queryOptions({ queryKey: ['products', 'one', id, viewer()], queryFn: ({ signal }) => getProduct(id, signal) });

export function useProduct(id: string) {
  return useQuery(productQuery(id));
}
