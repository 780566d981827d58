import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Webhook, WebhookPatch } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { WEBHOOKS_KEY } from './get-webhooks';

export function updateWebhook({ id, patch }: { id: string; patch: WebhookPatch }): Promise<Webhook> {
  return apiRequest<Webhook>(`/admin/webhooks/${id}`, { method: 'PATCH', body: patch });
}

export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}
