import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffMember } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

export const staffQueryKey = ['admin', 'staff'] as const;

/** GET /api/admin/staff: every member of staff, administrators included (B2B §15). */
export function getStaff(signal?: AbortSignal): Promise<StaffMember[]> {
  return apiRequest<StaffMember[]>('/admin/staff', { signal });
}

export const staffQuery = () => queryOptions({ queryKey: staffQueryKey, queryFn: ({ signal }) => getStaff(signal) });

export function useStaff() {
  return useQuery(staffQuery());
}
