import { useQueries } from '@tanstack/react-query';
import type { CatalogPage, Product } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { viewer } from '../../../lib/viewer';

/**
 * The product with exactly this SKU, or null. The catalogue search matches a SKU by prefix and ranks prefix matches
 * first, so a small page holds the exact one when it exists. One request per distinct SKU, run in parallel and
 * cached under ['products', 'sku', SKU, viewer], so pasting the list again (or adding a line) asks only for the new
 * SKUs. The token goes along, so a member's answer carries the contract price the cart will charge (B2B §5; the
 * preview had priced members at the list price, issue #47), and the signed-in answer is forgotten at sign-out.
 */
export async function findProductBySku(sku: string, signal?: AbortSignal): Promise<Product | null> {
  const page = await apiRequest<CatalogPage>(`/catalog?q=${encodeURIComponent(sku)}&pageSize=10`, { signal });
  return page.items.find((product) => product.sku.toUpperCase() === sku) ?? null;
}

/** Looks up every distinct SKU; answers a map from SKU to product (null when unknown), and whether any is loading. */
export function useProductsBySku(skus: readonly string[]) {
  const distinct = [...new Set(skus)];
  return useQueries({
    queries: distinct.map((sku) => ({
      queryKey: ['products', 'sku', sku, viewer()],
      queryFn: ({ signal }: { signal: AbortSignal }) => findProductBySku(sku, signal),
      staleTime: 30_000,
    })),
    combine: (results) => {
      const found = new Map<string, Product | null>();
      const failed = new Map<string, string>();
      results.forEach((result, i) => {
        const sku = distinct[i];
        if (sku === undefined) return;
        if (result.data !== undefined) found.set(sku, result.data);
        if (result.error) failed.set(sku, result.error.message);
      });
      return { found, failed, loading: results.some((r) => r.isPending && !r.error) };
    },
  });
}
