import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Quote, QuoteAccept, QuoteDecline, QuoteOffer, QuoteReject } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/order-query';
import { quoteKey } from './get-quote';

/** What each step of B2B §10 takes; every one answers the quote as it now is (409 when not allowed from its status). */
export interface QuoteStepBodies {
  offer: QuoteOffer;
  accept: QuoteAccept;
  decline: NonNullable<QuoteDecline>;
  cancel: Record<string, never>;
  reject: QuoteReject;
}
export type QuoteStepAction = keyof QuoteStepBodies;

export type QuoteStep = {
  [A in QuoteStepAction]: { quoteId: string; action: A; body: QuoteStepBodies[A] };
}[QuoteStepAction];

/** `POST /api/quotes/{id}/{offer|accept|decline|cancel|reject}`. */
export function takeQuoteStep({ quoteId, action, body }: QuoteStep): Promise<Quote> {
  return apiRequest<Quote>(`/quotes/${encodeURIComponent(quoteId)}/${action}`, { method: 'POST', body });
}

export function useQuoteStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeQuoteStep,
    onSuccess: (quote) => {
      queryClient.setQueryData(quoteKey(quote._id), quote);
      // Accepting places an order: it reserves stock and may use the company's credit.
      return quote.orderId
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: orderKeys.all }),
            queryClient.invalidateQueries({ queryKey: ['products'] }),
            queryClient.invalidateQueries({ queryKey: ['company-ordering'] }),
          ])
        : undefined;
    },
    // Refused or not, the quote and the lists reload: a 409 means it moved on (expired, accepted elsewhere).
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['quotes'] }),
  });
}
