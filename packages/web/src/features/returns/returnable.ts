// What of an order can still be asked back (B2B §14): per line, the units its delivered shipments brought, less the
// units a return still open holds (all it asked) or a received one holds (what arrived; the rest are free again).
// The server decides (it also checks RETURN_DAYS); this keeps the dialog from offering more than that.
import { HOLDING_RETURN_STATUSES, type Order, type Return } from '@kestrel/shared';

export interface ReturnableLine {
  productId: string;
  sku: string;
  name: string;
  /** Units that may still be asked back. */
  max: number;
}

type OrderPart = Pick<Order, '_id'> & {
  lines: Pick<Order['lines'][number], 'productId' | 'sku' | 'name'>[];
  shipments: Pick<Order['shipments'][number], 'lines' | 'deliveredAt'>[];
};
type ReturnPart = Pick<Return, 'orderId' | 'status'> & {
  lines: Pick<Return['lines'][number], 'productId' | 'quantity' | 'receivedQuantity'>[];
};

export function returnableLines(order: OrderPart, returns: readonly ReturnPart[]): ReturnableLine[] {
  const delivered = new Map<string, number>();
  for (const shipment of order.shipments) {
    if (!shipment.deliveredAt) continue;
    for (const line of shipment.lines) {
      if (line.productId) delivered.set(line.productId, (delivered.get(line.productId) ?? 0) + line.quantity);
    }
  }
  const held = new Map<string, number>();
  for (const rma of returns) {
    if (rma.orderId !== order._id || !HOLDING_RETURN_STATUSES.includes(rma.status)) continue;
    for (const line of rma.lines) {
      const units = rma.status === 'received' ? line.receivedQuantity : line.quantity;
      held.set(line.productId, (held.get(line.productId) ?? 0) + units);
    }
  }
  return order.lines.flatMap((line) => {
    if (!line.productId) return [];
    const max = (delivered.get(line.productId) ?? 0) - (held.get(line.productId) ?? 0);
    return max > 0 ? [{ productId: line.productId, sku: line.sku, name: line.name, max }] : [];
  });
}
