import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffQueryKey } from './get-staff';

/** DELETE /api/admin/staff/{email}/2fa: two-step sign-in off for that account, every session of it ended (204). */
export function resetTwoFactor(email: string): Promise<unknown> {
  return apiRequest<unknown>(`/admin/staff/${encodeURIComponent(email)}/2fa`, { method: 'DELETE' });
}

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }),
  });
}
