import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { PUNCHOUT_CONNECTIONS_KEY } from './get-punchout-connections';

/** Deletes a connection; its open punch-out sessions end on the server. */
export function deletePunchoutConnection(id: string): Promise<unknown> {
  return apiRequest<unknown>(`/admin/punchout/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeletePunchoutConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePunchoutConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PUNCHOUT_CONNECTIONS_KEY }),
  });
}
