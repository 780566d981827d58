import { useQuery } from '@tanstack/react-query';
import type { PoNumberCheck } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * `GET /api/orders/po-number-check` (issue 47): whether the buyer or their company used this PO number before.
 * Asked once the field is left with a value; a warning only, so a failed check shows nothing.
 */
export function usePoNumberCheck(poNumber: string) {
  return useQuery({
    queryKey: ['orders', 'po-number-check', poNumber],
    queryFn: ({ signal }) =>
      apiRequest<PoNumberCheck>(`/orders/po-number-check?poNumber=${encodeURIComponent(poNumber)}`, { signal }),
    enabled: poNumber !== '',
    retry: false,
  });
}
