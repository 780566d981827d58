import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { List, ListPatch } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { listKey } from './get-list';
import { LIST_SUMMARIES_KEY } from './get-lists';

/** `PATCH /api/lists/{id}` `{ name?, shared? }`: rename, share or make private (the creator or an owner). */
export function updateList({ listId, body }: { listId: string; body: ListPatch }): Promise<List> {
  return apiRequest<List>(`/lists/${encodeURIComponent(listId)}`, { method: 'PATCH', body });
}

export function useUpdateList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateList,
    onSuccess: async (list) => {
      queryClient.setQueryData(listKey(list._id), list);
      await queryClient.invalidateQueries({ queryKey: LIST_SUMMARIES_KEY });
    },
  });
}
