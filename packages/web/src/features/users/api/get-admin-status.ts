import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCheck } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * The server decides who is staff and what their role may do; the storefront only asks (docs/product.md §4, §34):
 * `{ admin: false }` for a customer, else the staff role and its permissions.
 */
export function getAdminStatus(email: string, signal?: AbortSignal): Promise<AdminCheck> {
  return apiRequest<AdminCheck>(`/admin/${encodeURIComponent(email)}`, { signal });
}

export const adminStatusQuery = (email: string) =>
  queryOptions({
    queryKey: ['admin', email],
    queryFn: ({ signal }) => getAdminStatus(email, signal),
    // A promotion must show up without waiting five minutes.
    staleTime: 30_000,
  });

export function useAdminStatus(email: string | undefined) {
  return useQuery({ ...adminStatusQuery(email ?? ''), enabled: Boolean(email) });
}
