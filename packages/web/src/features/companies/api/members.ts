import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company, MemberPatch } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { refreshUser } from '../../../lib/auth-store';
import { myCompanyQueryKey } from './get-my-company';
import { membershipChanged } from './membership-changed';

const memberPath = (userId: string) => `/companies/mine/members/${encodeURIComponent(userId)}`;

/** `PATCH /api/companies/mine/members/{userId}` (owners): a role and/or spending limit; answers the company. */
export function changeMember({ userId, patch }: { userId: string; patch: MemberPatch }): Promise<Company> {
  return apiRequest<Company>(memberPath(userId), { method: 'PATCH', body: patch });
}

/** `DELETE /api/companies/mine/members/{userId}` (owners); the last owner stays (409 last_owner). */
export function removeMember(userId: string): Promise<null> {
  return apiRequest<null>(memberPath(userId), { method: 'DELETE' });
}

export function useChangeMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMember,
    // An owner who made themselves a buyer loses the owner's screens: their own record (which carries the role the
    // sidebar reads) and the approvals are read again.
    onSuccess: async (company) => {
      queryClient.setQueryData(myCompanyQueryKey(company._id), company);
      await refreshUser();
      await queryClient.invalidateQueries({ queryKey: ['company-ordering'] });
    },
  });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  // Removing oneself (another owner remains) leaves the company: everything membership decides is read again.
  return useMutation({ mutationFn: removeMember, onSuccess: () => membershipChanged(queryClient) });
}
