import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/** Answers 202 whether or not an account uses the address, so the page says the same either way. */
export function forgotPassword(body: ForgotPasswordBody): Promise<null> {
  return apiRequest<null>('/auth/password/forgot', { method: 'POST', body, auth: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
