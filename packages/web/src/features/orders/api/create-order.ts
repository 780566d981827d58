import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderCreate } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/order-query';

export function createOrder(body: OrderCreate): Promise<unknown> {
  return apiRequest<unknown>('/order', { method: 'POST', body });
}

export function useCreateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrder,
    // Stock drops with every order, and the customer's list grows.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['products'] }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
      ]),
  });
}
