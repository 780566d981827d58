import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { sessionsQueryKey } from './get-sessions';

/** The server signs out every other session; this one keeps its token (B2B.md §7). */
export function changePassword(body: ChangePasswordBody): Promise<null> {
  return apiRequest<null>('/auth/password/change', { method: 'POST', body });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
