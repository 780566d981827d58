import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartWithRejected, ListToCart } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /api/lists/{id}/to-cart` `{ productIds? }`: the list's lines (or those named) added to the cart, answered as
 * the cart with `rejected` for deleted products; 409 `cart_full` (nothing added) when the cart would pass 100 lines.
 */
export function listToCart({ listId, body }: { listId: string; body: ListToCart }): Promise<CartWithRejected> {
  return apiRequest<CartWithRejected>(`/lists/${encodeURIComponent(listId)}/to-cart`, { method: 'POST', body });
}

export function useListToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: listToCart,
    // The cart feature's key, by the same name (features do not import each other).
    onSuccess: ({ lines, total }) => queryClient.setQueryData(['cart'], { lines, total }),
  });
}
