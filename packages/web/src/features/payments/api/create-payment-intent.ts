import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PaymentIntentBody } from '@kestrel/shared';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/order-query';

interface ClientSecret {
  clientSecret: string;
}

/** The server prices the order itself; the page only names it (docs/product.md §6). */
export function createPaymentIntent(body: PaymentIntentBody, signal?: AbortSignal): Promise<ClientSecret> {
  return apiRequest<ClientSecret>('/create-payment-intent', { method: 'POST', body, signal });
}

/**
 * Requested when the page loads (docs/product.md §14). Asking again is safe, the server hands back the same intent for the same
 * order and amount, but a client secret is never reused from an old cache entry after the page is left.
 */
export const paymentIntentQuery = (orderId: string) =>
  queryOptions({
    queryKey: ['payments', 'intent', orderId],
    queryFn: ({ signal }) => createPaymentIntent({ orderId }, signal),
    staleTime: Infinity,
    gcTime: 0,
  });

export function usePaymentIntent(orderId: string, enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...paymentIntentQuery(orderId), enabled });
  // 409: the order is paid already (maybe by a payment that was never reported until now); show it as paid.
  const paidAlready = query.error instanceof ApiRequestError && query.error.status === 409;
  useEffect(() => {
    if (paidAlready) void queryClient.invalidateQueries({ queryKey: orderKeys.all });
  }, [paidAlready, queryClient]);
  return query;
}
