import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCompany, AdminCompanyPatch } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { adminCompaniesKey } from './get-admin-companies';

/**
 * PATCH /api/admin/companies/{id}: any of `paymentTerms`, `creditLimit` (null: no limit), `taxExempt` and
 * `taxExemptionId` (B2B §13: required when exempt).
 */
export function useUpdateCompanyTerms(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: AdminCompanyPatch) =>
      apiRequest<AdminCompany>(`/admin/companies/${encodeURIComponent(id)}`, { method: 'PATCH', body: patch }),
    // The list, the company and its account (credit left) all show the terms: read them again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminCompaniesKey }),
  });
}
