import { QueryClient } from '@tanstack/react-query';
import { BUDGET_EXCEEDED_CODES, QUERY_CACHE_MS, QUERY_RETRIES, QUERY_RETRY_MAX_DELAY_MS } from '@kestrel/shared';
import { ApiRequestError, isRefusal } from '../lib/api-client';

/**
 * A refusal answers the same on a second try, and so does work the server stopped at its time budget (a long search,
 * a year of figures): neither is retried; anything else is, up to QUERY_RETRIES times.
 */
export function shouldRetry(failureCount: number, error: Error): boolean {
  const overBudget = error instanceof ApiRequestError && BUDGET_EXCEEDED_CODES.includes(error.code);
  return !isRefusal(error) && !overBudget && failureCount < QUERY_RETRIES;
}

/** Exponential backoff from one second, capped at 30 s (docs/product.md §11). */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, QUERY_RETRY_MAX_DELAY_MS);
}

// docs/product.md §11: cached data kept 5 minutes, 3 retries with exponential backoff capped at 30 s.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_CACHE_MS,
        staleTime: QUERY_CACHE_MS,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** What anybody may see: the catalogue and the reviews. Every other query holds one person's data. */
const PUBLIC_QUERY_ROOTS = ['products', 'reviews'];

/** Removes every query tied to a person (orders, profile, users, admin status), keeping the public ones. */
export function forgetPersonalQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: ({ queryKey }) =>
      // A signed-in view of the catalogue may carry contract prices (B2B §5): it is personal too.
      !PUBLIC_QUERY_ROOTS.includes(String(queryKey[0])) || queryKey.includes('signed-in'),
  });
}
