import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface AuthProviders {
  google: boolean;
}

export function getProviders(signal?: AbortSignal): Promise<AuthProviders> {
  return apiRequest<AuthProviders>('/auth/providers', { auth: false, signal });
}

export const providersQuery = () =>
  // A missing provider is a configuration fact, not a hiccup: ask once, do not retry.
  queryOptions({ queryKey: ['auth', 'providers'], queryFn: ({ signal }) => getProviders(signal), retry: false });

export function useProviders() {
  return useQuery(providersQuery());
}
