import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InviteCreate, PendingInvite } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

export const pendingInvitesQueryKey = ['companies', 'invites'] as const;

/** The company's pending invites, newest first (owners). */
export function getPendingInvites(signal?: AbortSignal): Promise<PendingInvite[]> {
  return apiRequest<PendingInvite[]>('/companies/mine/invites', { signal });
}

export function usePendingInvites(enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: pendingInvitesQueryKey, queryFn: ({ signal }) => getPendingInvites(signal) }),
    enabled,
  });
}

/**
 * Mails a single-use link valid for 7 days; an earlier pending invite to the same address stops working. Within 10
 * minutes of that one's mail the pending invite changes instead and nothing is mailed (`mailed: false`).
 */
export function inviteMember(input: InviteCreate): Promise<{ inviteId: string; mailed: boolean }> {
  return apiRequest<{ inviteId: string; mailed: boolean }>('/companies/mine/invites', { method: 'POST', body: input });
}

export function revokeInvite(id: string): Promise<null> {
  return apiRequest<null>(`/companies/mine/invites/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pendingInvitesQueryKey }),
  });
}

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInvite,
    // Refused or not: a 404 means it was accepted or revoked meanwhile, and the list says so.
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingInvitesQueryKey }),
  });
}
