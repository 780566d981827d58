import { useMutation } from '@tanstack/react-query';
import type { PaymentIntentView, SandboxConfirmBody } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * The sandbox processor's confirmation, Stripe.js's confirmCardPayment in the offline default. The card fields go to
 * the processor only, keyed by the client secret; the answer is the intent, with last_payment_error on a decline.
 */
export function confirmSandboxPayment(body: SandboxConfirmBody): Promise<PaymentIntentView> {
  return apiRequest<PaymentIntentView>('/sandbox/confirm', { method: 'POST', body, auth: false });
}

export function useConfirmSandboxPayment() {
  return useMutation({ mutationFn: confirmSandboxPayment });
}
