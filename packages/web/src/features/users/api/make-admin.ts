import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

interface ModifiedCount {
  modifiedCount?: number;
}

export function makeAdmin(email: string): Promise<ModifiedCount> {
  return apiRequest<ModifiedCount>(`/user/admin/${encodeURIComponent(email)}`, { method: 'PUT' });
}

export function useMakeAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeAdmin,
    onSuccess: (_answer, email) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['users'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', email] }),
      ]),
  });
}
