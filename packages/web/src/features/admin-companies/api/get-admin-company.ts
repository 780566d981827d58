import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Company } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { adminCompaniesKey } from './get-admin-companies';

/** GET /api/admin/companies/{id}: the company's details and members (404 for an unknown id). */
export function useAdminCompany(id: string) {
  return useQuery(
    queryOptions({
      queryKey: [...adminCompaniesKey, id],
      queryFn: ({ signal }) => apiRequest<Company>(`/admin/companies/${encodeURIComponent(id)}`, { signal }),
      retry: false,
    }),
  );
}
