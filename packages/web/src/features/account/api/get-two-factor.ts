import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TwoFactorStatus } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

export const twoFactorQueryKey = ['auth', '2fa'] as const;

/** Whether two-step sign-in is on for the caller, and how many recovery codes are left (B2B §15). */
export function getTwoFactor(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiRequest<TwoFactorStatus>('/auth/2fa', { signal });
}

export const twoFactorQuery = () =>
  queryOptions({ queryKey: twoFactorQueryKey, queryFn: ({ signal }) => getTwoFactor(signal), staleTime: 0 });

export function useTwoFactor() {
  return useQuery(twoFactorQuery());
}
