import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Quote } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/quotes/{id}`: the requester's, a member's of its company, or any for an admin (others: 404). */
export function getQuote(quoteId: string, signal?: AbortSignal): Promise<Quote> {
  return apiRequest<Quote>(`/quotes/${encodeURIComponent(quoteId)}`, { signal });
}

export const quoteKey = (quoteId: string) => ['quotes', 'one', quoteId] as const;

export const quoteQuery = (quoteId: string) =>
  queryOptions({ queryKey: quoteKey(quoteId), queryFn: ({ signal }) => getQuote(quoteId, signal) });

export function useQuote(quoteId: string) {
  return useQuery(quoteQuery(quoteId));
}
