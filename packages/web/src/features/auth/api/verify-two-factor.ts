import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, TwoFactorVerifyBody } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth-store';

/** The code step of a sign-in: the challenge from the password (or Google) step and a code; answers as a login. */
export function verifyTwoFactor(body: TwoFactorVerifyBody): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/auth/2fa/verify', { method: 'POST', body, auth: false });
}

/** Stores the token before the caller navigates anywhere, as a password sign-in does. */
export function useVerifyTwoFactor() {
  return useMutation({
    mutationFn: verifyTwoFactor,
    onSuccess: ({ token, user }) => startSession(token, user),
  });
}
