import { queryOptions, useQuery } from '@tanstack/react-query';
import type { List } from '@kestrel/shared';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { LISTS_KEY } from './get-lists';

/** `GET /api/lists/{id}`: one list with its lines, priced now for the reader (contract prices included). */
export function getList(listId: string, signal?: AbortSignal): Promise<List> {
  return apiRequest<List>(`/lists/${encodeURIComponent(listId)}`, { signal });
}

export const listKey = (listId: string) => [...LISTS_KEY, 'one', listId] as const;

export const listQuery = (listId: string) =>
  queryOptions({ queryKey: listKey(listId), queryFn: ({ signal }) => getList(listId, signal) });

export function useList(listId: string) {
  return useQuery({
    ...listQuery(listId),
    // A 404 (another's private list, a deleted one) will answer the same again.
    retry: (count, error) => !(error instanceof ApiRequestError && error.status === 404) && count < 2,
  });
}
