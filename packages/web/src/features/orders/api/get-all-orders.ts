import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

export function getAllOrders(signal?: AbortSignal): Promise<Order[]> {
  return apiRequest<Order[]>('/order', { signal });
}

export const allOrdersQuery = () =>
  queryOptions({ queryKey: ['orders', 'all'], queryFn: ({ signal }) => getAllOrders(signal) });

export function useAllOrders() {
  return useQuery(allOrdersQuery());
}
