import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCompany } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/** Every admin-companies query starts with this key, so a change to a company refreshes the list and its page. */
export const adminCompaniesKey = ['admin', 'companies'] as const;

/** GET /api/admin/companies: every company by name with its terms, credit limit, open balance and member count. */
export function useAdminCompanies() {
  return useQuery(
    queryOptions({
      queryKey: adminCompaniesKey,
      queryFn: ({ signal }) => apiRequest<AdminCompany[]>('/admin/companies', { signal }),
    }),
  );
}
