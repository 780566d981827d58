import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { List, ListLinesPut } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { listKey } from './get-list';
import { LIST_SUMMARIES_KEY } from './get-lists';

/** `PUT /api/lists/{id}/lines`: the list's whole lines (quantities, notes, a line removed), answered repriced. */
export function putListLines({ listId, body }: { listId: string; body: ListLinesPut }): Promise<List> {
  return apiRequest<List>(`/lists/${encodeURIComponent(listId)}/lines`, { method: 'PUT', body });
}

export function usePutListLines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putListLines,
    onSuccess: async (list) => {
      queryClient.setQueryData(listKey(list._id), list);
      // My Lists counts the lines; it is read again when next shown.
      await queryClient.invalidateQueries({ queryKey: LIST_SUMMARIES_KEY });
    },
  });
}
