// Returns as several screens read them (My Returns, the admin's queue, both order pages): one fetcher and one query-key
// factory, so every return step invalidates them all through `returnKeys.all`.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Return, ReturnStatus } from '@kestrel/shared';
import { apiRequest } from './api-client';

/** Which returns: by status, or one order's (its page). */
export interface ReturnsView {
  status?: ReturnStatus | null;
  orderId?: string;
}

/** Every returns query starts with `all`. */
export const returnKeys = {
  all: ['returns'] as const,
  list: ({ status, orderId }: ReturnsView) => ['returns', 'list', status ?? 'all', orderId ?? 'any'] as const,
};

/**
 * `GET /api/returns?status=&orderId=` (B2B §14): your own, your company's as a member, every one for staff; newest
 * first.
 */
export function getReturns({ status, orderId }: ReturnsView, signal?: AbortSignal): Promise<Return[]> {
  const query = new URLSearchParams();
  if (status) query.set('status', status);
  if (orderId) query.set('orderId', orderId);
  const search = query.toString();
  return apiRequest<Return[]>(`/returns${search ? `?${search}` : ''}`, { signal });
}

export const returnsQuery = (view: ReturnsView) =>
  queryOptions({ queryKey: returnKeys.list(view), queryFn: ({ signal }) => getReturns(view, signal) });

export function useReturns(view: ReturnsView) {
  return useQuery(returnsQuery(view));
}
