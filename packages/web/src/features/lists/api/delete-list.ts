import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { LIST_SUMMARIES_KEY } from './get-lists';

/** `DELETE /api/lists/{id}`: the list's creator or a company owner (a viewer 403, others 404). */
export function deleteList(listId: string): Promise<void> {
  return apiRequest<void>(`/lists/${encodeURIComponent(listId)}`, { method: 'DELETE' });
}

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteList,
    // The list's own entry is left to go stale: the page that showed it leaves for My Lists, read again here.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIST_SUMMARIES_KEY }),
  });
}
