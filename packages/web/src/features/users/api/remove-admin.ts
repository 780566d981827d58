import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

interface ModifiedCount {
  modifiedCount?: number;
}

/** DELETE /api/user/admin/{email}: the administrator becomes a customer and is signed out everywhere (B2B §11). */
export function removeAdmin(email: string): Promise<ModifiedCount> {
  return apiRequest<ModifiedCount>(`/user/admin/${encodeURIComponent(email)}`, { method: 'DELETE' });
}

export function useRemoveAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeAdmin,
    onSuccess: (_answer, email) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', email] }),
      ]),
  });
}
