// One order as several features read it (its own page, the payment page, a quote's accepted order): one fetcher and
// one query key, so they share what they read and every order change invalidates them all through `orderKeys.all`.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '@kestrel/shared';
import { apiRequest } from './api-client';

/** The orders' query keys: every order query starts with `all`, so invalidating it refreshes each of them. */
export const orderKeys = {
  all: ['orders'] as const,
  one: (orderId: string) => ['orders', 'one', orderId] as const,
};

/** `GET /api/orders/{id}`: the buyer's own order, a colleague's as the company allows, any order for staff. */
export function getOrder(orderId: string, signal?: AbortSignal): Promise<Order> {
  return apiRequest<Order>(`/orders/${encodeURIComponent(orderId)}`, { signal });
}

export const orderQuery = (orderId: string) =>
  queryOptions({ queryKey: orderKeys.one(orderId), queryFn: ({ signal }) => getOrder(orderId, signal) });

/** One order; `null` asks for none yet (a quote not accepted). */
export function useOrder(orderId: string | null) {
  return useQuery({ ...orderQuery(orderId ?? ''), enabled: orderId !== null });
}
