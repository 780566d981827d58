import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The URL's query string and a way to replace it (a new history entry, so back and forward work): React Router's
 * useSearchParams, minus its defaults merging. React Router is one module in the home page's entry chunk, so using
 * useSearchParams anywhere puts it (and its helpers, ~0.4 kB gzip) in the home page's budget; this costs nothing there.
 */
export function useQueryString(): [URLSearchParams, (next: URLSearchParams) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const change = useCallback((next: URLSearchParams) => navigate({ search: `?${next.toString()}` }), [navigate]);
  return [new URLSearchParams(search), change];
}
