import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/order-query';

export interface PayOrderInput {
  orderId: string;
  transactionId: string;
}

/** Reports the succeeded payment; the server checks it with the provider before the order turns paid. */
export function payOrder({ orderId, transactionId }: PayOrderInput): Promise<Order> {
  return apiRequest<Order>(`/orders/${encodeURIComponent(orderId)}`, {
    method: 'PATCH',
    body: { order: orderId, transactionId },
  });
}

export function usePayOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payOrder,
    // My Order and this page both read the order's paid flag and transaction id.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
