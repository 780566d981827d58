import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookDelivery } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

export const deliveriesKey = (id: string) => ['admin', 'webhooks', id, 'deliveries'] as const;

export function getWebhookDeliveries(id: string, signal?: AbortSignal): Promise<WebhookDelivery[]> {
  return apiRequest<WebhookDelivery[]>(`/admin/webhooks/${id}/deliveries`, { signal });
}

export const webhookDeliveriesQuery = (id: string) =>
  queryOptions({ queryKey: deliveriesKey(id), queryFn: ({ signal }) => getWebhookDeliveries(id, signal) });

/** The log, read again every 5 s while it is open, so retries show up. */
export function useWebhookDeliveries(id: string) {
  return useQuery({ ...webhookDeliveriesQuery(id), refetchInterval: 5_000 });
}
