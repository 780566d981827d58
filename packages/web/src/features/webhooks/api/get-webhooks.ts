import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Webhook } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

export const WEBHOOKS_KEY = ['admin', 'webhooks'] as const;

export function getWebhooks(signal?: AbortSignal): Promise<Webhook[]> {
  return apiRequest<Webhook[]>('/admin/webhooks', { signal });
}

export const webhooksQuery = () =>
  queryOptions({ queryKey: WEBHOOKS_KEY, queryFn: ({ signal }) => getWebhooks(signal) });

export function useWebhooks() {
  return useQuery(webhooksQuery());
}
