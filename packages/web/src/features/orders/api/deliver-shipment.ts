import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@kestrel/shared';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/order-query';

/** `POST /api/orders/{id}/shipments/{shipmentId}/deliver` (B2B §14): one shipment arrived; answers the order. */
export function deliverShipment({ orderId, shipmentId }: { orderId: string; shipmentId: string }): Promise<Order> {
  return apiRequest<Order>(
    `/orders/${encodeURIComponent(orderId)}/shipments/${encodeURIComponent(shipmentId)}/deliver`,
    { method: 'POST', body: {} },
  );
}

export function useDeliverShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deliverShipment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
