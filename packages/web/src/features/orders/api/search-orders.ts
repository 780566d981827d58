import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderSearchPage } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * `GET /api/orders/search` (B2B §11): one page of the caller's orders (admins: everybody's); `search` is the query
 * string of the list's view (order-view.ts).
 */
export function searchOrders(search: string, signal?: AbortSignal): Promise<OrderSearchPage> {
  return apiRequest<OrderSearchPage>(search ? `/orders/search?${search}` : '/orders/search', { signal });
}

export const orderSearchQuery = (search: string) =>
  queryOptions({ queryKey: ['orders', 'search', search], queryFn: ({ signal }) => searchOrders(search, signal) });

/** The page on screen stays (marked busy) while the next loads, so paging and typing never flash an empty list. */
export function useOrderSearch(search: string) {
  return useQuery({ ...orderSearchQuery(search), placeholderData: keepPreviousData });
}
