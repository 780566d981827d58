import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { clearSession } from '../../../lib/auth-store';
import { readToken } from '../../../lib/token-storage';

/** The mailed link's token and the new password; the server ends every session of the account (B2B.md §7). */
export function resetPassword(body: ResetPasswordBody): Promise<null> {
  return apiRequest<null>('/auth/password/reset', { method: 'POST', body, auth: false });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: resetPassword,
    // Every session is revoked, this browser's too if it had one: forget it rather than wait for the next 401.
    onSuccess: () => {
      if (readToken()) clearSession();
    },
  });
}
