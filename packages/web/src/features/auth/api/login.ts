import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResponse } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { startSession } from '../../../lib/auth-store';

export function login(body: LoginBody): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/auth/login', { method: 'POST', body, auth: false });
}

/**
 * Signs in and stores the token before the caller navigates anywhere (docs/product.md §14). With two-step sign-in on
 * the answer is a challenge instead, and nothing is stored until the code step (verify-two-factor.ts).
 */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if ('token' in answer) startSession(answer.token, answer.user);
    },
  });
}
