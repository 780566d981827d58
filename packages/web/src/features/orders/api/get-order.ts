import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/orders/{id}`: the buyer's own order, or any order for an admin (others: 404). */
export function getOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  return apiRequest<Order>(`/orders/${encodeURIComponent(orderId)}`, { signal });
}

export const orderQuery = (orderId: string) =>
  queryOptions({ queryKey: ['orders', 'one', orderId], queryFn: ({ signal }) => getOrder(orderId, signal) });

export function useOrder(orderId: string) {
  return useQuery(orderQuery(orderId));
}
