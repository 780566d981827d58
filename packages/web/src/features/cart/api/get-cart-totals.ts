import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cart, CartTotals, ShipToChoice } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { CART_KEY } from './get-cart';

/** POST /api/cart/totals (B2B §13): the cart priced as its order would be, with the tax to `shipTo`. */
export function getCartTotals(shipTo: ShipToChoice | undefined, signal?: AbortSignal): Promise<CartTotals> {
  return apiRequest<CartTotals>('/cart/totals', { method: 'POST', body: shipTo ? { shipTo } : {}, signal });
}

/**
 * Under the cart's own key, so every change of the cart (which invalidates it) reads the totals again; the cart's
 * priced total and the ship-to are part of the key, so a changed line or address asks again at once.
 */
export const cartTotalsQuery = (cart: Pick<Cart, 'total' | 'lines'>, shipTo: ShipToChoice | undefined) =>
  queryOptions({
    queryKey: [...CART_KEY, 'totals', cart.total, cart.lines.length, shipTo ?? null] as const,
    queryFn: ({ signal }) => getCartTotals(shipTo, signal),
  });

export function useCartTotals(cart: Pick<Cart, 'total' | 'lines'>, shipTo: ShipToChoice | undefined) {
  return useQuery(cartTotalsQuery(cart, shipTo));
}
