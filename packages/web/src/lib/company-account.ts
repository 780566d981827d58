import { useQuery } from '@tanstack/react-query';
import type { ApprovalQueueItem, CompanyAccount } from '@kestrel/shared';
import { ApiRequestError, apiRequest } from './api-client';
import { useAuth } from './auth-store';

/** The signed-in member's company account (issue #25; the cart's checkout and the account section read it), or null for a user in no company (the API's 404). */
export async function getCompanyAccount(): Promise<CompanyAccount | null> {
  try {
    return await apiRequest<CompanyAccount>('/company/account');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

/** How each of B2B §5's payment terms reads on screen (the account, the admin's company list and form). */
export const paymentTermsLabels: Record<CompanyAccount['paymentTerms'], string> = {
  card: 'Card payment',
  net15: 'Net 15 days',
  net30: 'Net 30 days',
  net60: 'Net 60 days',
};

/** Per company, as `useMyCompany`; a user whose own record names no company is not asked (the API would answer 404). */
export function useCompanyAccount() {
  const companyId = useAuth().user?.company?._id ?? null;
  return useQuery({
    queryKey: ['company-ordering', 'account', companyId],
    queryFn: () => (companyId ? getCompanyAccount() : null),
  });
}

/** The owner's queue of orders awaiting approval. */
export function useApprovals() {
  return useQuery({
    queryKey: ['company-ordering', 'approvals'],
    queryFn: () => apiRequest<ApprovalQueueItem[]>('/company/approvals'),
    retry: false,
  });
}
