import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company, CompanyDetailsPatch } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { refreshUser } from '../../../lib/auth-store';
import { myCompanyQueryKey } from './get-my-company';

/** `PATCH /api/companies/mine` (owners): the company's name, tax id and billing address; answers the company. */
export function updateCompany(input: CompanyDetailsPatch): Promise<Company> {
  return apiRequest<Company>('/companies/mine', { method: 'PATCH', body: input });
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: async (company) => {
      queryClient.setQueryData(myCompanyQueryKey(company._id), company);
      // The signed-in user's record names the company (the sidebar, the account pages read it).
      await refreshUser();
    },
  });
}
