import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogPage, ContractPrices } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

export const contractPricesKey = (companyId: string) => ['admin', 'contract-prices', companyId] as const;

/** GET /api/admin/companies/{id}/prices: the company's contract prices by SKU, each with its list price. */
export function useContractPrices(companyId: string) {
  return useQuery(
    queryOptions({
      queryKey: contractPricesKey(companyId),
      queryFn: ({ signal }) =>
        apiRequest<ContractPrices>(`/admin/companies/${encodeURIComponent(companyId)}/prices`, { signal }),
    }),
  );
}

/** PUT: the list sent becomes the company's whole list (a product left out loses its contract price). */
export function useReplaceContractPrices(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prices: Array<{ productId: string; price: number }>) =>
      apiRequest<ContractPrices>(`/admin/companies/${encodeURIComponent(companyId)}/prices`, {
        method: 'PUT',
        body: { prices },
      }),
    onSuccess: (answer) => queryClient.setQueryData(contractPricesKey(companyId), answer),
  });
}

/** POST prices.csv (`sku,price`): replaces the list from a file, all rows or none. */
export function useImportContractPrices(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: Blob) =>
      apiRequest<ContractPrices>(`/admin/companies/${encodeURIComponent(companyId)}/prices.csv`, {
        method: 'POST',
        body: new Blob([file], { type: 'text/csv' }),
      }),
    onSuccess: (answer) => queryClient.setQueryData(contractPricesKey(companyId), answer),
  });
}

/** The product of an exact SKU, through the catalogue's search (a SKU matches by prefix; the exact one is kept). */
export async function findProductBySku(sku: string): Promise<{ _id: string; sku: string } | undefined> {
  const wanted = sku.trim().toUpperCase();
  const page = await apiRequest<CatalogPage>(`/catalog?q=${encodeURIComponent(wanted)}&pageSize=100`, {
    auth: false,
  });
  return page.items.find((p) => p.sku === wanted);
}
