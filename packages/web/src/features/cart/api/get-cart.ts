import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/** The signed-in user's server-side cart, priced now (B2B §3). */
export function getCart(signal?: AbortSignal): Promise<Cart> {
  return apiRequest<Cart>('/cart', { signal });
}

/** Every cart call writes its answer under this key; reorder (orders feature) invalidates it by the same name. */
export const CART_KEY = ['cart'] as const;

export const cartQuery = () => queryOptions({ queryKey: CART_KEY, queryFn: ({ signal }) => getCart(signal) });

export function useCart(enabled = true) {
  return useQuery({ ...cartQuery(), enabled });
}
