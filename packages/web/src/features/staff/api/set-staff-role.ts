import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMember, StaffRole } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { staffQueryKey } from './get-staff';

/** PUT /api/admin/staff/{email}: a confirmed account gets (or changes to) a staff role; 409 unconfirmed. */
export function setStaffRole({ email, role }: { email: string; role: StaffRole }): Promise<StaffMember> {
  return apiRequest<StaffMember>(`/admin/staff/${encodeURIComponent(email)}`, { method: 'PUT', body: { role } });
}

export function useSetStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStaffRole,
    onSuccess: (_answer, { email }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: staffQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', email] }),
      ]),
  });
}
