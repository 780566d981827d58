import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPage } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/admin/audit` (B2B §15): `query` is the page's filters and page as a query string. */
export function getAudit(query: string, signal?: AbortSignal): Promise<AuditPage> {
  return apiRequest<AuditPage>(`/admin/audit${query ? `?${query}` : ''}`, { signal });
}

/** Asked afresh on every visit (staff change things meanwhile); a new page keeps the last one shown while it loads. */
export function useAudit(query: string) {
  return useQuery({
    ...queryOptions({
      queryKey: ['admin', 'audit', query],
      queryFn: ({ signal }) => getAudit(query, signal),
      staleTime: 0,
    }),
    placeholderData: keepPreviousData,
  });
}
