import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuoteMessageCreate } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/quotes/{id}/messages` `{ text }`: appends to the thread and mails the other side. */
export function addQuoteMessage({ quoteId, text }: { quoteId: string } & QuoteMessageCreate): Promise<unknown> {
  return apiRequest<unknown>(`/quotes/${encodeURIComponent(quoteId)}/messages`, { method: 'POST', body: { text } });
}

export function useAddQuoteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addQuoteMessage,
    // The quote is read again with its thread (and the lists, which sort by the latest change).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['quotes'] }),
  });
}
