import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

export function getUsers(signal?: AbortSignal): Promise<User[]> {
  return apiRequest<User[]>('/user', { signal });
}

export const usersQuery = () => queryOptions({ queryKey: ['users'], queryFn: ({ signal }) => getUsers(signal) });

export function useUsers() {
  return useQuery(usersQuery());
}
