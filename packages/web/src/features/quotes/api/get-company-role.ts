import { useQuery } from '@tanstack/react-query';
import type { Company, CompanyRole } from '@kestrel/shared';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';

/**
 * The signed-in user's role in their company (`GET /api/companies/mine`), or null outside any company. A viewer reads
 * the company's quotes but takes no step on them (B2B §10), so their screens are read-only.
 */
async function getCompanyRole(email: string): Promise<CompanyRole | null> {
  try {
    const company = await apiRequest<Company>('/companies/mine');
    return company.members.find((member) => member.email.toLowerCase() === email.toLowerCase())?.role ?? null;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export function useCompanyRole(email: string | undefined) {
  return useQuery({
    queryKey: ['companies', 'mine', 'role', email ?? ''],
    queryFn: () => getCompanyRole(email ?? ''),
    enabled: email !== undefined,
  });
}
