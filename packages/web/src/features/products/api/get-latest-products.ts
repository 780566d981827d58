import { queryOptions, useQuery } from '@tanstack/react-query';
import { HOME_PRODUCT_COUNT, type Product } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/** Only the newest few, newest first: the home page never downloads the whole catalogue. */
export function getLatestProducts(signal?: AbortSignal): Promise<Product[]> {
  return apiRequest<Product[]>(`/service?sort=newest&limit=${HOME_PRODUCT_COUNT}`, { auth: false, signal });
}

export const latestProductsQuery = () =>
  queryOptions({ queryKey: ['products', 'latest'], queryFn: ({ signal }) => getLatestProducts(signal) });

export function useLatestProducts() {
  return useQuery(latestProductsQuery());
}
