import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Quote, QuoteStatus } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * `GET /api/quotes?status=` (B2B §10): the caller's own quotes and, for members, the company's; every quote for an
 * administrator.
 */
export function getQuotes(status: QuoteStatus | null, signal?: AbortSignal): Promise<Quote[]> {
  return apiRequest<Quote[]>(status ? `/quotes?status=${encodeURIComponent(status)}` : '/quotes', { signal });
}

export const quotesQuery = (status: QuoteStatus | null) =>
  queryOptions({ queryKey: ['quotes', 'list', status ?? 'all'], queryFn: ({ signal }) => getQuotes(status, signal) });

export function useQuotes(status: QuoteStatus | null) {
  return useQuery(quotesQuery(status));
}
