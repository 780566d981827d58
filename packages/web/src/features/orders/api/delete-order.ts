import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/order-query';

interface DeletedCount {
  deletedCount?: number;
}

/** Deletes one unpaid order by its id (docs/product.md §5 fixes the older delete-by-e-mail). */
export function deleteOrder(orderId: string): Promise<DeletedCount> {
  return apiRequest<DeletedCount>(`/order/${encodeURIComponent(orderId)}`, { method: 'DELETE' });
}

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    // The stock comes back, so product figures change too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]),
  });
}
