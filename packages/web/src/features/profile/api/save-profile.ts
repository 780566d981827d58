import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileBody } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

export function saveProfile(body: ProfileBody): Promise<unknown> {
  return apiRequest<unknown>('/profile', { method: 'POST', body });
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (_answer, body) => queryClient.invalidateQueries({ queryKey: ['profile', body.email] }),
  });
}
