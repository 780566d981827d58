import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Session } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { clearSession } from '../../../lib/auth-store';
import { sessionsQueryKey } from './get-sessions';

/** Signs one of the caller's sessions out, possibly this browser's own. */
export function revokeSession(sessionId: string): Promise<null> {
  return apiRequest<null>(`/auth/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: Pick<Session, 'id' | 'current'>) => revokeSession(session.id),
    // This browser's own token is now dead: forget it (the dashboard's guard then opens /login) rather than ask
    // for the list with it and meet a 401.
    onSuccess: (_answer, session) =>
      session.current ? clearSession() : queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
