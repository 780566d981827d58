import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewCreate } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

export interface InsertedId {
  insertedId?: string;
}

export function createReview(body: ReviewCreate): Promise<InsertedId> {
  return apiRequest<InsertedId>('/review', { method: 'POST', body });
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReview,
    // The home page's grid shows the new review on the next visit.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['reviews'] }),
  });
}
