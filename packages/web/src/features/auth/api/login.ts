import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginBody } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth-store';

export function login(body: LoginBody): Promise<AuthResponse> {
  return apiRequest<AuthResponse>('/auth/login', { method: 'POST', body, auth: false });
}

/** Signs in and stores the token before the caller navigates anywhere (docs/product.md §14). */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token, user }) => startSession(token, user),
  });
}
