import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartWithRejected } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/** Adds an order's lines to the cart at today's prices; lines of deleted products come back in `rejected`. */
export function reorder(orderId: string): Promise<CartWithRejected> {
  return apiRequest<CartWithRejected>(`/orders/${encodeURIComponent(orderId)}/reorder`, { method: 'POST' });
}

export function useReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorder,
    // The cart's query (features/cart) is keyed ['cart']; its answer is that cart.
    onSuccess: ({ lines, total }) => queryClient.setQueryData(['cart'], { lines, total }),
  });
}
