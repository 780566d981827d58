import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Company } from '@kestrel/shared';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';

export const myCompanyQueryKey = ['companies', 'mine'] as const;

/** The signed-in user's company with its members (B2B §5), or null for a user in no company (the API's 404). */
export async function getMyCompany(signal?: AbortSignal): Promise<Company | null> {
  try {
    return await apiRequest<Company>('/companies/mine', { signal });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export function useMyCompany(enabled = true) {
  return useQuery({
    ...queryOptions({ queryKey: myCompanyQueryKey, queryFn: ({ signal }) => getMyCompany(signal) }),
    enabled,
  });
}
