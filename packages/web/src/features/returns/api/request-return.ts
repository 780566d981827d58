import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Return, ReturnRequest } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/order-query';
import { returnKeys } from '../../../lib/return-query';

/** `POST /api/orders/{id}/returns`: answers the return (`requested`), or 400 with `error.lines` naming each bad line. */
export function requestReturn({ orderId, body }: { orderId: string; body: ReturnRequest }): Promise<Return> {
  return apiRequest<Return>(`/orders/${encodeURIComponent(orderId)}/returns`, { method: 'POST', body });
}

export function useRequestReturn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestReturn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: returnKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
  });
}
