import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ListSummary } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/** Every list call answers under this root: a change to one list marks My Lists and the list's page stale. */
export const LISTS_KEY = ['lists'] as const;

/** `GET /api/lists` (B2B §16): the caller's private lists and their company's shared ones, without their lines. */
export function getLists(signal?: AbortSignal): Promise<ListSummary[]> {
  return apiRequest<ListSummary[]>('/lists', { signal });
}

/** My Lists' summaries: what a list's change marks stale (lines counted, name, shared). */
export const LIST_SUMMARIES_KEY = [...LISTS_KEY, 'all'] as const;

export const listsQuery = () =>
  queryOptions({ queryKey: LIST_SUMMARIES_KEY, queryFn: ({ signal }) => getLists(signal) });

export function useLists(enabled = true) {
  return useQuery({ ...listsQuery(), enabled });
}
