import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

export function getMyOrders(email: string, signal?: AbortSignal): Promise<Order[]> {
  return apiRequest<Order[]>(`/orders?email=${encodeURIComponent(email)}`, { signal });
}

export const myOrdersQuery = (email: string) =>
  queryOptions({ queryKey: ['orders', 'mine', email], queryFn: ({ signal }) => getMyOrders(email, signal) });

export function useMyOrders(email: string) {
  return useQuery(myOrdersQuery(email));
}
