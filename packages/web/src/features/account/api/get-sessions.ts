import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Session } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

export const sessionsQueryKey = ['auth', 'sessions'] as const;

/** The caller's live sessions, the most recently active first; `current` marks this browser's. */
export function getSessions(signal?: AbortSignal): Promise<Session[]> {
  return apiRequest<Session[]>('/auth/sessions', { signal });
}

export const sessionsQuery = () =>
  // Asked on every visit, not kept 5 minutes: another device may have signed in or out since.
  queryOptions({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => getSessions(signal), staleTime: 0 });

export function useSessions() {
  return useQuery(sessionsQuery());
}
