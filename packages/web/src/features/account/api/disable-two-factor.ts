import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorDisableBody } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { twoFactorQueryKey } from './get-two-factor';

/** Turns two-step sign-in off: the password and a code (or a recovery code), as at sign-in. */
export function disableTwoFactor(body: TwoFactorDisableBody): Promise<null> {
  return apiRequest<null>('/auth/2fa/disable', { method: 'POST', body });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
  });
}
