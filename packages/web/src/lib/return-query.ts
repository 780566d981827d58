// Returns as several screens read them (My Returns, the admin's queue, both order pages): one fetcher and one query-key
// factory, so every return step invalidates them all through `returnKeys.all`.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Return, ReturnStatus } from '@kestrel/shared';
import { apiRequest } from './api-client';

/** Every returns query starts with `all`. */
export const returnKeys = {
  all: ['returns'] as const,
  list: (status: ReturnStatus | null) => ['returns', 'list', status ?? 'all'] as const,
};

/** `GET /api/returns?status=` (B2B §14): your own, your company's as a member, every one for staff; newest first. */
export function getReturns(status: ReturnStatus | null, signal?: AbortSignal): Promise<Return[]> {
  const query = status ? `?status=${encodeURIComponent(status)}` : '';
  return apiRequest<Return[]>(`/returns${query}`, { signal });
}

export const returnsQuery = (status: ReturnStatus | null) =>
  queryOptions({ queryKey: returnKeys.list(status), queryFn: ({ signal }) => getReturns(status, signal) });

export function useReturns(status: ReturnStatus | null) {
  return useQuery(returnsQuery(status));
}
