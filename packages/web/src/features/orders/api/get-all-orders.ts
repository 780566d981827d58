import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/order` (admin): every order, or only those in one status (B2B §4). */
export function getAllOrders(status: Order['status'] | null, signal?: AbortSignal): Promise<Order[]> {
  const query = status ? `?status=${encodeURIComponent(status)}` : '';
  return apiRequest<Order[]>(`/order${query}`, { signal });
}

export const allOrdersQuery = (status: Order['status'] | null) =>
  queryOptions({
    queryKey: ['orders', 'all', status ?? 'any'],
    queryFn: ({ signal }) => getAllOrders(status, signal),
  });

export function useAllOrders(status: Order['status'] | null) {
  return useQuery(allOrdersQuery(status));
}
