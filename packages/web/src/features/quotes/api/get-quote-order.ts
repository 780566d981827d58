import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * The order an accepted quote became, under the orders feature's key for one order (['orders', 'one', id]), so both
 * screens share what they read: the quote says whether its order awaits approval or payment.
 */
export const quoteOrderQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['orders', 'one', orderId],
    queryFn: ({ signal }) => apiRequest<Order>(`/orders/${encodeURIComponent(orderId)}`, { signal }),
  });

export function useQuoteOrder(orderId: string | null) {
  return useQuery({ ...quoteOrderQuery(orderId ?? ''), enabled: orderId !== null });
}
