import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, SignupBody } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth-store';

/** Creates the account with its display name in one call; the answer is the same as login's. */
export function signup(body: SignupBody): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/auth/signup', { method: 'POST', body, auth: false });
}

export function useSignup() {
  return useMutation({
    mutationFn: signup,
    onSuccess: ({ token, user }) => startSession(token, user),
  });
}
