import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Profile } from '@kestrel/shared';
import { ApiRequestError, apiRequest } from '../../../lib/api-client';

/** A user who never saved a profile has none yet; that is an empty form, not an error. */
export async function getProfile(email: string, signal?: AbortSignal): Promise<Partial<Profile> | null> {
  try {
    return await apiRequest<Partial<Profile> | null>(`/profile/${encodeURIComponent(email)}`, { signal });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export const profileQuery = (email: string) =>
  queryOptions({ queryKey: ['profile', email], queryFn: ({ signal }) => getProfile(email, signal) });

export function useProfile(email: string) {
  return useQuery(profileQuery(email));
}
