import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductCreate } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

export interface InsertedId {
  insertedId?: string;
}

export function createProduct(body: ProductCreate): Promise<InsertedId> {
  return apiRequest<InsertedId>('/service', { method: 'POST', body });
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    // The home page's newest three and the full list both change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}
