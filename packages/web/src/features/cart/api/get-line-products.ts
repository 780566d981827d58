import { useQueries } from '@tanstack/react-query';
import type { Product } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

function getProduct(id: string, signal?: AbortSignal): Promise<Product> {
  return apiRequest<Product>(`/service/${encodeURIComponent(id)}`, { auth: false, signal });
}

/**
 * The products of the cart's lines (pack size, minimum, price breaks: what the quantity inputs step by and the next
 * break they offer). Under the same key as the product page's query, so a product already seen costs no request.
 */
export function useLineProducts(ids: readonly string[]): Map<string, Product> {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: ['products', 'one', id],
      queryFn: ({ signal }: { signal: AbortSignal }) => getProduct(id, signal),
      staleTime: 60_000,
    })),
    combine: (results) => {
      const byId = new Map<string, Product>();
      for (const { data } of results) if (data) byId.set(data._id, data);
      return byId;
    },
  });
}
