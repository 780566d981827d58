import { useQuery } from '@tanstack/react-query';
import type { OrderApproval } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * `GET /api/orders/{id}/approval` (issue 47): why an order awaiting approval waits and who decides. Under the order's
 * own query key, so whatever refreshes the order (approve, reject, cancel) refreshes this too.
 */
export function useOrderApproval(orderId: string, awaiting: boolean) {
  return useQuery({
    queryKey: ['orders', 'approval', orderId],
    queryFn: ({ signal }) => apiRequest<OrderApproval>(`/orders/${encodeURIComponent(orderId)}/approval`, { signal }),
    enabled: awaiting,
  });
}
