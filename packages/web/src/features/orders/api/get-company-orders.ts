import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/** How many of the newest orders the company page reads; older ones are found with My Order's search. */
export const COMPANY_PAGE_ORDERS = 100;

/** `GET /api/company/orders` (members): the company's newest orders, newest first. */
export function getCompanyOrders(signal?: AbortSignal): Promise<Order[]> {
  return apiRequest<Order[]>(`/company/orders?limit=${COMPANY_PAGE_ORDERS}`, { signal });
}

export function useCompanyOrders() {
  // Under 'orders' so a cancel, approval or payment anywhere reads it again with the other order lists.
  return useQuery(
    queryOptions({ queryKey: ['orders', 'company'], queryFn: ({ signal }) => getCompanyOrders(signal), staleTime: 0 }),
  );
}
