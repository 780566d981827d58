import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxRates } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { TAX_RATES_KEY } from './get-tax-rates';

/** PUT /api/admin/tax-rates: replaces the whole table, or nothing (400 with error.rows naming each bad row). */
export function usePutTaxRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rates: unknown[]) => apiRequest<TaxRates>('/admin/tax-rates', { method: 'PUT', body: { rates } }),
    onSuccess: (answer) => queryClient.setQueryData(TAX_RATES_KEY, answer),
  });
}
