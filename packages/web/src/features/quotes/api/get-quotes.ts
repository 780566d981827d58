import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QuoteStatus, QuoteSummary } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/** Quotes a page of the list shows: a year of requests stays a few pages' reading, each page a quick answer. */
export const QUOTES_PAGE_SIZE = 50;

export interface QuotesView {
  status: QuoteStatus | null;
  /** From 1. */
  page: number;
}

/**
 * `GET /api/quotes?status=&page=&pageSize=` (B2B §10): the caller's own quotes and, for members, the company's; every
 * quote for an administrator; newest first. Each quote comes without its thread (`messageCount`; the quote's own page
 * reads the messages with `GET /api/quotes/{id}`).
 */
export function getQuotes({ status, page }: QuotesView, signal?: AbortSignal): Promise<QuoteSummary[]> {
  const query = new URLSearchParams({ page: String(page), pageSize: String(QUOTES_PAGE_SIZE) });
  if (status) query.set('status', status);
  return apiRequest<QuoteSummary[]>(`/quotes?${query.toString()}`, { signal });
}

export const quotesQuery = (view: QuotesView) =>
  queryOptions({
    queryKey: ['quotes', 'list', view.status ?? 'all', view.page],
    queryFn: ({ signal }) => getQuotes(view, signal),
  });

/** The page shown stays while the next one loads (the pager says so), rather than blanking the table. */
export function useQuotes(view: QuotesView) {
  return useQuery({ ...quotesQuery(view), placeholderData: keepPreviousData });
}
