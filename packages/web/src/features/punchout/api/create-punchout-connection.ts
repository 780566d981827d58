import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PunchoutConnectionCreate, PunchoutConnectionCreated } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { PUNCHOUT_CONNECTIONS_KEY } from './get-punchout-connections';

/** Answers the connection with its shared secret: the only time the secret is shown. */
export function createPunchoutConnection(body: PunchoutConnectionCreate): Promise<PunchoutConnectionCreated> {
  return apiRequest<PunchoutConnectionCreated>('/admin/punchout', { method: 'POST', body });
}

export function useCreatePunchoutConnection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPunchoutConnection,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PUNCHOUT_CONNECTIONS_KEY }),
  });
}
