import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { myCompanyQueryKey } from './get-my-company';
import { membershipChanged } from './membership-changed';

/** `POST /api/invites/{token}/accept`, signed in with the invited e-mail: joins and answers the company. */
export function acceptInvite(token: string): Promise<Company> {
  return apiRequest<Company>(`/invites/${encodeURIComponent(token)}/accept`, { method: 'POST', body: {} });
}

export function useAcceptInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptInvite,
    onSuccess: (company) => {
      queryClient.setQueryData(myCompanyQueryKey(company._id), company);
      return membershipChanged(queryClient);
    },
  });
}
