import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { List, ListLinesAdd, ListWithRejected } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { listKey } from './get-list';
import { LIST_SUMMARIES_KEY } from './get-lists';

/** `POST /api/lists/{id}/lines` `{ lines: [{ sku, quantity }] }`: adds as the cart does; a product again adds up. */
export function addListLines({ listId, body }: { listId: string; body: ListLinesAdd }): Promise<ListWithRejected> {
  return apiRequest<ListWithRejected>(`/lists/${encodeURIComponent(listId)}/lines`, { method: 'POST', body });
}

export function useAddListLines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addListLines,
    onSuccess: async ({ rejected: _rejected, ...list }) => {
      queryClient.setQueryData<List>(listKey(list._id), list);
      await queryClient.invalidateQueries({ queryKey: LIST_SUMMARIES_KEY });
    },
  });
}
