import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKey } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

export const apiKeysQueryKey = ['admin', 'api-keys'] as const;

/** The live API keys, oldest first; never the keys themselves (B2B §9). */
export function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return apiRequest<ApiKey[]>('/admin/api-keys', { signal });
}

export function useApiKeys() {
  // Asked on every visit: "last used" moves while the page is closed.
  return useQuery(
    queryOptions({ queryKey: apiKeysQueryKey, queryFn: ({ signal }) => getApiKeys(signal), staleTime: 0 }),
  );
}
