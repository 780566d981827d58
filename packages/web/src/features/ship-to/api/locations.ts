// The company's ship-to locations (B2B §12): GET /api/companies/mine/locations (members), POST, PATCH and DELETE
// /api/companies/mine/locations/{id} (owners), and a member's limit (PATCH /api/companies/mine/members/{userId}
// with `locationIds`). Types only from `@kestrel/shared/ship-to`: this file lands in the common chunk, which must
// never hold the country lists.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Company } from '@kestrel/shared';
import type { CompanyLocation } from '@kestrel/shared/ship-to';
import { apiRequest } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth-store';

/** Per company, so that joining or leaving one reads afresh. */
export const locationsQueryKey = (companyId: string | null) => ['ship-to', 'locations', companyId] as const;

export function getLocations(signal?: AbortSignal): Promise<CompanyLocation[]> {
  return apiRequest<CompanyLocation[]>('/companies/mine/locations', { signal });
}

/** The caller's company's locations, oldest first; not asked for a user in no company. */
export function useLocations() {
  const companyId = useAuth().user?.company?._id ?? null;
  return useQuery({
    queryKey: locationsQueryKey(companyId),
    queryFn: ({ signal }) => getLocations(signal),
    enabled: companyId !== null,
  });
}

/** What a location form sends: a new one (no id) or a change of one. */
export interface LocationSave {
  id?: string;
  body: { name?: string; address?: unknown; phone?: string | null; isDefault?: true };
}

const locationPath = (id: string) => `/companies/mine/locations/${encodeURIComponent(id)}`;

export function saveLocation({ id, body }: LocationSave): Promise<CompanyLocation> {
  return id
    ? apiRequest<CompanyLocation>(locationPath(id), { method: 'PATCH', body })
    : apiRequest<CompanyLocation>('/companies/mine/locations', { method: 'POST', body });
}

export function deleteLocation(id: string): Promise<null> {
  return apiRequest<null>(locationPath(id), { method: 'DELETE' });
}

/** `PATCH /api/companies/mine/members/{userId}` with `locationIds` alone (null: every location). */
export function limitMember({ userId, locationIds }: { userId: string; locationIds: string[] | null }) {
  return apiRequest<Company>(`/companies/mine/members/${encodeURIComponent(userId)}`, {
    method: 'PATCH',
    body: { locationIds },
  });
}

/**
 * Every change reads the list again (a new default moves the flag off another row) and the company, whose members
 * carry their limits (a deleted location leaves every member's list).
 */
function useAfterChange() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: ['ship-to', 'locations'] });
    await queryClient.invalidateQueries({ queryKey: ['companies', 'mine'] });
  };
}

export function useSaveLocation() {
  const afterChange = useAfterChange();
  return useMutation({ mutationFn: saveLocation, onSuccess: afterChange });
}

export function useDeleteLocation() {
  const afterChange = useAfterChange();
  return useMutation({ mutationFn: deleteLocation, onSuccess: afterChange });
}

export function useLimitMember() {
  const afterChange = useAfterChange();
  return useMutation({ mutationFn: limitMember, onSuccess: afterChange });
}
