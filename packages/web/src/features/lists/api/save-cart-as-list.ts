import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { List, SaveCartAsList } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { listKey } from './get-list';
import { LIST_SUMMARIES_KEY } from './get-lists';

/** `POST /api/cart/list` `{ name, shared? }`: the cart's lines saved as a new list; the cart stays as it is. */
export function saveCartAsList(body: SaveCartAsList): Promise<List> {
  return apiRequest<List>('/cart/list', { method: 'POST', body });
}

export function useSaveCartAsList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCartAsList,
    onSuccess: async (list) => {
      queryClient.setQueryData(listKey(list._id), list);
      await queryClient.invalidateQueries({ queryKey: LIST_SUMMARIES_KEY });
    },
  });
}
