import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes, TwoFactorEnableBody } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { clearTwoFactorRequired } from '../../../lib/two-factor-required';
import { sessionsQueryKey } from './get-sessions';
import { twoFactorQueryKey } from './get-two-factor';

/** Turns two-step sign-in on with a current code; answers the recovery codes, shown this once. */
export function enableTwoFactor(body: TwoFactorEnableBody): Promise<RecoveryCodes> {
  return apiRequest<RecoveryCodes>('/auth/2fa/enable', { method: 'POST', body });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    // The server signed the other sessions out.
    onSuccess: async () => {
      // Staff calls work again (STAFF_2FA=required): the dashboard stops saying they are refused.
      clearTwoFactorRequired();
      await queryClient.invalidateQueries({ queryKey: twoFactorQueryKey });
      await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
  });
}
