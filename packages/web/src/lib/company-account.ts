import { useQuery } from '@tanstack/react-query';
import type { CompanyAccount, Order } from '@kestrel/shared';
import { ApiRequestError, apiRequest } from './api-client';

/** The signed-in member's company account (issue #25; the cart's checkout and the account section read it), or null for a user in no company (the API's 404). */
export async function getCompanyAccount(): Promise<CompanyAccount | null> {
  try {
    return await apiRequest<CompanyAccount>('/company/account');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export function useCompanyAccount(enabled = true) {
  return useQuery({ queryKey: ['company-ordering', 'account'], queryFn: getCompanyAccount, enabled });
}

/** The owner's queue of orders awaiting approval. */
export function useApprovals() {
  return useQuery({
    queryKey: ['company-ordering', 'approvals'],
    queryFn: () => apiRequest<Order[]>('/company/approvals'),
    retry: false,
  });
}
