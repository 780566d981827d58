import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_DATA_IDS, type Product } from '@kestrel/shared';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { pageData } from '../../../lib/page-data';
import { viewer } from '../../../lib/viewer';

/**
 * A signed-in reader asks at an address of their own: the server preloads the purchase page's product for an
 * anonymous visitor (api static-web.ts preloadOf), and Chromium hands a preloaded answer to the first fetch of the same
 * URL whatever its Authorization header, so a member opening a purchase link saw list prices (issue #47). The API
 * ignores the query.
 */
export function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  const reader = viewer() === 'signed-in' ? '?reader=signed-in' : '';
  return apiRequest<Product>(`/service/${encodeURIComponent(id)}${reader}`, { signal });
}

export const productQuery = (id: string) =>
  queryOptions({ queryKey: ['products', 'one', id, viewer()], queryFn: ({ signal }) => getProduct(id, signal) });

function isProductOf(value: unknown, id: string): value is Product {
  return typeof value === 'object' && value !== null && '_id' in value && value._id === id;
}

/**
 * The product the server's page for it holds, for an anonymous visitor (the page has list prices only, which is what
 * the API answers them): the first render then draws the page the server drew, with no spinner between.
 */
function productInPage(id: string): Product | undefined {
  if (viewer() !== 'anonymous') return undefined;
  const product = pageData(PAGE_DATA_IDS.product);
  return isProductOf(product, id) ? product : undefined;
}

export function useProduct(id: string) {
  return useQuery({ ...productQuery(id), initialData: () => productInPage(id) });
}

/**
 * No such product: an unknown id (404) or one that is not an id at all (400 on the path's only parameter). A mistyped
 * or cut-off link is a missing page to a reader, not a validation message (issue #47), so both show the 404 page.
 */
export function isNoSuchProduct(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 404 || error.status === 400);
}
