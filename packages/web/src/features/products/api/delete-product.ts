import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

export interface DeletedCount {
  deletedCount?: number;
}

export function deleteProduct(id: string): Promise<DeletedCount> {
  return apiRequest<DeletedCount>(`/service/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (product: Product) => deleteProduct(product._id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
