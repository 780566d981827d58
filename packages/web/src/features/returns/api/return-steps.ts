import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Return, ReturnReceive, ReturnReject } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/order-query';
import { returnKeys } from '../../../lib/return-query';

/** What each of the shop's steps takes (B2B §14); every one answers the return, 409 from a status that does not allow it. */
export interface ReturnStepBodies {
  authorize: Record<string, never>;
  reject: ReturnReject;
  receive: ReturnReceive;
}
export type ReturnStepAction = keyof ReturnStepBodies;
export type ReturnStep = {
  [A in ReturnStepAction]: { returnId: string; action: A; body: ReturnStepBodies[A] };
}[ReturnStepAction];

/** `POST /api/returns/{id}/{authorize|reject|receive}`. */
export function takeReturnStep({ returnId, action, body }: ReturnStep): Promise<Return> {
  return apiRequest<Return>(`/returns/${encodeURIComponent(returnId)}/${action}`, { method: 'POST', body });
}

export function useReturnStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: takeReturnStep,
    // A receipt restocks products and credits the order (its returned units, credit notes, the company's balance).
    onSuccess: (_answer, { action }) =>
      action === 'receive'
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: orderKeys.all }),
            queryClient.invalidateQueries({ queryKey: ['products'] }),
            queryClient.invalidateQueries({ queryKey: ['company-ordering'] }),
          ])
        : undefined,
    // Refused or not, the lists reload: a 409 means someone else took the step first.
    onSettled: () => queryClient.invalidateQueries({ queryKey: returnKeys.all }),
  });
}
