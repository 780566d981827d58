import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartQuote, Quote, QuoteCreate } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/quotes`: asks the shop for a price; the answer is the quote, `requested`. */
export function requestQuote(body: QuoteCreate): Promise<Quote> {
  return apiRequest<Quote>('/quotes', { method: 'POST', body });
}

/** `POST /api/cart/quote`: asks for a quote for the cart's lines and empties the cart. */
export function requestCartQuote(body: CartQuote): Promise<Quote> {
  return apiRequest<Quote>('/cart/quote', { method: 'POST', body });
}

export function useRequestQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestQuote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['quotes'] }),
  });
}

export function useRequestCartQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestCartQuote,
    // Refused or not, the cart is read again: a success emptied it.
    onSettled: () =>
      Promise.all([
        // The cart feature's key, by the same name (features do not import each other).
        queryClient.invalidateQueries({ queryKey: ['cart'] }),
        queryClient.invalidateQueries({ queryKey: ['quotes'] }),
      ]),
  });
}
