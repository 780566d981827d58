import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/** The whole catalogue in creation order (Manage All Products). */
export function getProducts(signal?: AbortSignal): Promise<Product[]> {
  return apiRequest<Product[]>('/service', { auth: false, signal });
}

export const productsQuery = () =>
  queryOptions({ queryKey: ['products', 'all'], queryFn: ({ signal }) => getProducts(signal) });

export function useProducts() {
  return useQuery(productsQuery());
}
