import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaxRates, TaxSettings } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/admin/tax-rates (B2B §13): the whole table, in the order it was saved. */
export const TAX_RATES_KEY = ['admin', 'tax-rates'] as const;
export const taxRatesQuery = () =>
  queryOptions({
    queryKey: TAX_RATES_KEY,
    queryFn: ({ signal }) => apiRequest<TaxRates>('/admin/tax-rates', { signal }),
  });
export const useTaxRates = () => useQuery(taxRatesQuery());

/** GET /api/admin/tax-settings: the shop's country and tax id as configured (SHOP_COUNTRY, SHOP_TAX_ID). */
export const taxSettingsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'tax-settings'] as const,
    queryFn: ({ signal }) => apiRequest<TaxSettings>('/admin/tax-settings', { signal }),
    staleTime: Infinity,
  });
export const useTaxSettings = () => useQuery(taxSettingsQuery());
