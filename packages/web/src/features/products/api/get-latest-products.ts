import { queryOptions, useQuery } from '@tanstack/react-query';
import { HOME_PRODUCT_COUNT, PAGE_DATA_IDS, type Product } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { pageData } from '../../../lib/page-data';

/** Only the newest few, newest first: the home page never downloads the whole catalogue. */
export function getLatestProducts(signal?: AbortSignal): Promise<Product[]> {
  return apiRequest<Product[]>(`/service?sort=newest&limit=${HOME_PRODUCT_COUNT}`, { auth: false, signal });
}

export const latestProductsQuery = () =>
  queryOptions({ queryKey: ['products', 'latest'], queryFn: ({ signal }) => getLatestProducts(signal) });

/**
 * The list the server's home page holds (B2B §18: what this request answers anyone, it sends no token), so the first
 * render draws the cards the server drew instead of a waiting line.
 */
const latestInPage = () => {
  const held = pageData(PAGE_DATA_IDS.latestProducts);
  return Array.isArray(held) ? (held as Product[]) : undefined;
};

export function useLatestProducts() {
  return useQuery({ ...latestProductsQuery(), initialData: latestInPage });
}
