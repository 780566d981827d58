import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookDelivery } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { deliveriesKey } from './get-webhook-deliveries';

/** Sends a ping now and answers the attempt. */
export function pingWebhook(id: string): Promise<WebhookDelivery> {
  return apiRequest<WebhookDelivery>(`/admin/webhooks/${id}/ping`, { method: 'POST' });
}

export function usePingWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pingWebhook,
    onSuccess: (_answer, id) => queryClient.invalidateQueries({ queryKey: deliveriesKey(id) }),
  });
}
