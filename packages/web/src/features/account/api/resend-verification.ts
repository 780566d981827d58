import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A new confirmation mail (202); 409 already_verified when the address is confirmed by now. */
export function resendVerification(): Promise<null> {
  return apiRequest<null>('/auth/verify-email/resend', { method: 'POST' });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
