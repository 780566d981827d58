import { useQuery } from '@tanstack/react-query';
import type { Company } from '@kestrel/shared';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';
import { refreshUser, useAuth } from '../../../lib/auth-store';

/** Per company, so that joining, creating or leaving one (the signed-in user's record changes) reads afresh. */
export const myCompanyQueryKey = (companyId: string | null) => ['companies', 'mine', companyId] as const;

/** The signed-in user's company with its members (B2B §5), or null for a user in no company (the API's 404). */
export async function getMyCompany(signal?: AbortSignal): Promise<Company | null> {
  try {
    return await apiRequest<Company>('/companies/mine', { signal });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export function useMyCompany() {
  const companyId = useAuth().user?.company?._id ?? null;
  return useQuery({
    queryKey: myCompanyQueryKey(companyId),
    // A user whose own record names no company is not asked: the API's 404 would only fill the console. A 404 for a
    // record that names one means they were removed elsewhere: the record is read again (the sidebar follows).
    queryFn: async ({ signal }) => {
      if (!companyId) return null;
      const company = await getMyCompany(signal);
      if (!company) void refreshUser();
      return company;
    },
  });
}
