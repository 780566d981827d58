import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

export const accountQueryKey = ['auth', 'me'] as const;

/**
 * The signed-in user as the server sees it now. The security page asks afresh rather than trusting the user kept
 * since sign-in: the address may have been confirmed since, from a link opened in another browser.
 */
export function getAccount(signal?: AbortSignal): Promise<User> {
  return apiRequest<User>('/auth/me', { signal });
}

export const accountQuery = () =>
  // Asked on every visit (not kept 5 minutes like the shop's lists): the point is to show the address as it is now.
  queryOptions({ queryKey: accountQueryKey, queryFn: ({ signal }) => getAccount(signal), staleTime: 0 });

export function useAccount() {
  return useQuery(accountQuery());
}
