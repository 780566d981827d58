import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CancelOrder, CreateShipment, MarkPaid, Order, RejectOrder, ShipOrder } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/order-query';

/** What each lifecycle call takes (B2B §4); every one answers the order as it now is. */
export interface TransitionBodies {
  ship: ShipOrder;
  deliver: undefined;
  'mark-paid': MarkPaid;
  cancel: NonNullable<CancelOrder>;
  // Issue #25: an owner decides on an order awaiting approval.
  approve: undefined;
  reject: RejectOrder;
  // B2B §14: one shipment of the units chosen.
  shipments: CreateShipment;
}
export type TransitionAction = keyof TransitionBodies;

export type Transition = {
  [A in TransitionAction]: { orderId: string; action: A; body: TransitionBodies[A] };
}[TransitionAction];

/** `POST /api/orders/{id}/{ship|deliver|mark-paid|cancel|shipments}`: a refused step answers 409 and changes nothing. */
export function transitionOrder({ orderId, action, body }: Transition): Promise<Order> {
  return apiRequest<Order>(`/orders/${encodeURIComponent(orderId)}/${action}`, { method: 'POST', body: body ?? {} });
}

export function useTransitionOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: transitionOrder,
    // A cancelled order's stock goes back on the shelf, so product figures change too.
    onSuccess: (_order, { action }) =>
      action === 'cancel' || action === 'reject'
        ? queryClient.invalidateQueries({ queryKey: ['products'] })
        : undefined,
    // Refused or not, the lists reload: a 409 means the order moved on (paid, expired) since the page loaded.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['company-ordering'] }),
      ]),
  });
}
