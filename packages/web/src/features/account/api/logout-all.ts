import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { clearSession } from '../../../lib/auth-store';

/** Revokes every session of the caller, this one included, so the browser forgets its token too. */
export function logoutAll(): Promise<null> {
  return apiRequest<null>('/auth/logout-all', { method: 'POST' });
}

export function useLogoutAll() {
  return useMutation({ mutationFn: logoutAll, onSuccess: () => clearSession() });
}
