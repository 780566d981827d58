import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitePreview } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

export const inviteQueryKey = (token: string) => ['invites', token] as const;

/** `GET /api/invites/{token}` (public): the invite's company, inviter, role and address; 400 once it is unusable. */
export function getInvite(token: string, signal?: AbortSignal): Promise<InvitePreview> {
  return apiRequest<InvitePreview>(`/invites/${encodeURIComponent(token)}`, { signal });
}

export function inviteQuery(token: string) {
  return queryOptions({
    queryKey: inviteQueryKey(token),
    queryFn: ({ signal }) => getInvite(token, signal),
    // A refusal (used, revoked, expired) is the answer, not a hiccup to retry.
    retry: false,
  });
}

export function useInvite(token: string) {
  return useQuery(inviteQuery(token));
}
