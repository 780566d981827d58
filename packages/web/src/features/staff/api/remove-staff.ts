import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { staffQueryKey } from './get-staff';

/** DELETE /api/admin/staff/{email}: a customer again, every session of theirs ended; 409 for the last administrator. */
export function removeStaff(email: string): Promise<{ modifiedCount: number }> {
  return apiRequest<{ modifiedCount: number }>(`/admin/staff/${encodeURIComponent(email)}`, { method: 'DELETE' });
}

export function useRemoveStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeStaff,
    onSuccess: (_answer, email) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', email] }),
      ]),
  });
}
