import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, ProductPatch } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { productQuery } from './get-product';

/** PATCH /api/service/{id} (admin): only the fields that change; the answer is the product as saved. */
export function updateProduct(id: string, patch: ProductPatch): Promise<Product> {
  return apiRequest<Product>(`/service/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch });
}

export function useUpdateProduct(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProductPatch) => updateProduct(id, patch),
    onSuccess: (product) => {
      queryClient.setQueryData(productQuery(id).queryKey, product);
      // Every list that shows it (home, catalogue pages, Manage All Products) may change.
      return queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
}
