import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/** Which card form to show: the built-in sandbox's or Stripe Elements (with Stripe's publishable key). */
export function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  return apiRequest<PaymentConfig>('/payments/config', { auth: false, signal });
}

export const paymentConfigQuery = () =>
  queryOptions({
    queryKey: ['payments', 'config'],
    queryFn: ({ signal }) => getPaymentConfig(signal),
    // The provider only changes with a server restart.
    staleTime: Infinity,
  });

export function usePaymentConfig() {
  return useQuery(paymentConfigQuery());
}
