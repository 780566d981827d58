import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Company, CompanyCreate } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { myCompanyQueryKey } from './get-my-company';
import { membershipChanged } from './membership-changed';

/** `POST /api/companies`: the caller, in no company yet (else 409), becomes its owner. */
export function createCompany(input: CompanyCreate): Promise<Company> {
  return apiRequest<Company>('/companies', { method: 'POST', body: input });
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: (company) => {
      queryClient.setQueryData(myCompanyQueryKey(company._id), company);
      return membershipChanged(queryClient);
    },
  });
}
