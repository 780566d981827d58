import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutBody, Order } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/order-query';
import { CART_KEY } from './get-cart';

export interface Placed {
  insertedId: string;
  order: Order;
}

/** Places one order from the whole cart and empties it; all lines or none (B2B §3). */
export function checkout(body: CheckoutBody): Promise<Placed> {
  return apiRequest<Placed>('/cart/checkout', { method: 'POST', body });
}

export function useCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    // A refusal may be about stock that moved: the cart is re-read either way so each line's problem is current.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CART_KEY }),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]),
  });
}
