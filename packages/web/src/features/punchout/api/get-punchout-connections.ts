import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PunchoutConnection } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

export const PUNCHOUT_CONNECTIONS_KEY = ['admin', 'punchout'] as const;

/** GET /api/admin/punchout: every connection, oldest first, never a secret (B2B §17). */
export function getPunchoutConnections(signal?: AbortSignal): Promise<PunchoutConnection[]> {
  return apiRequest<PunchoutConnection[]>('/admin/punchout', { signal });
}

export const punchoutConnectionsQuery = () =>
  queryOptions({ queryKey: PUNCHOUT_CONNECTIONS_KEY, queryFn: ({ signal }) => getPunchoutConnections(signal) });

export function usePunchoutConnections() {
  return useQuery(punchoutConnectionsQuery());
}
