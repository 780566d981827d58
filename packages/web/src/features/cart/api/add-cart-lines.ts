import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart, CartAdd, CartWithRejected } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { CART_KEY } from './get-cart';

/** Adds lines by SKU; quantities of a product already in the cart add up. Unknown SKUs come back in `rejected`. */
export function addCartLines(body: CartAdd): Promise<CartWithRejected> {
  return apiRequest<CartWithRejected>('/cart/lines', { method: 'POST', body });
}

export function useAddCartLines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCartLines,
    onSuccess: ({ lines, total }) => queryClient.setQueryData<Cart>(CART_KEY, { lines, total }),
  });
}
