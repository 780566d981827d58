import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookCreate, WebhookCreated } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { WEBHOOKS_KEY } from './get-webhooks';

/** Answers the endpoint with its signing secret: the only time the secret is shown. */
export function createWebhook(body: WebhookCreate): Promise<WebhookCreated> {
  return apiRequest<WebhookCreated>('/admin/webhooks', { method: 'POST', body });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWebhook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}
