import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/admin/stats` (B2B §8) for whole UTC days, both included. */
export function getAdminStats(from: string, to: string, signal?: AbortSignal): Promise<AdminStats> {
  const query = new URLSearchParams({ from, to });
  return apiRequest<AdminStats>(`/admin/stats?${query.toString()}`, { signal });
}

/** `enabled` false for a range the API would refuse; a new range keeps the last figures shown while it loads. */
export function useAdminStats(from: string, to: string, enabled: boolean) {
  // Asked on every visit: orders are paid while the page is closed.
  return useQuery({
    ...queryOptions({
      queryKey: ['admin', 'stats', from, to],
      queryFn: ({ signal }) => getAdminStats(from, to, signal),
      staleTime: 0,
    }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
