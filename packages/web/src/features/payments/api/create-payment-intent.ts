import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentIntentBody } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

interface ClientSecret {
  clientSecret: string;
}

/** The server prices the order itself; the page only names it (PRODUCT.md §6). */
export function createPaymentIntent(body: PaymentIntentBody, signal?: AbortSignal): Promise<ClientSecret> {
  return apiRequest<ClientSecret>('/create-payment-intent', { method: 'POST', body, signal });
}

/**
 * Requested when the page loads (SPEC.md §4). Asking again is safe, the server hands back the same intent for the same
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
  return useQuery({ ...paymentIntentQuery(orderId), enabled });
}
