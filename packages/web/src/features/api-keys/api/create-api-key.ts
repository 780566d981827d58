import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyCreate, ApiKeyCreated } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { apiKeysQueryKey } from './get-api-keys';

/** Creates a key; its answer is the only time the key itself is ever seen. */
export function createApiKey(input: ApiKeyCreate): Promise<ApiKeyCreated> {
  return apiRequest<ApiKeyCreated>('/admin/api-keys', { method: 'POST', body: input });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryKey }),
  });
}
