import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyAccount } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { adminCompaniesKey } from './get-admin-companies';

/** GET /api/admin/companies/{id}/balance: terms, credit left, open balance and the unpaid on-account orders. */
export function useAdminCompanyBalance(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...adminCompaniesKey, id, 'balance'],
      queryFn: ({ signal }) =>
        apiRequest<CompanyAccount>(`/admin/companies/${encodeURIComponent(id)}/balance`, { signal }),
      retry: false,
    }),
  );
}
