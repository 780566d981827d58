import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cart, CartPut } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { CART_KEY } from './get-cart';

/** Replaces the whole cart: a quantity changed, a line removed. */
export function putCart(body: CartPut): Promise<Cart> {
  return apiRequest<Cart>('/cart', { method: 'PUT', body });
}

export function usePutCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putCart,
    // The answer is the cart repriced, so it replaces the cached one without another request.
    onSuccess: (cart) => queryClient.setQueryData(CART_KEY, cart),
  });
}
