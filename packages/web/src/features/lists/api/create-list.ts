import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { List, ListCreate } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { LIST_SUMMARIES_KEY } from './get-lists';

/** `POST /api/lists` `{ name, shared? }`: a new, empty list (201). */
export function createList(body: ListCreate): Promise<List> {
  return apiRequest<List>('/lists', { method: 'POST', body });
}

export function useCreateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIST_SUMMARIES_KEY }),
  });
}
