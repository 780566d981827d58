// B2B §14: which units of an order have been delivered, and when. Returns (B2B §14's RMA) ask for delivered units
// within RETURN_DAYS of the delivery of their shipment, so each product's delivered units are kept per shipment with
// that shipment's delivery time; a shipment not yet delivered counts for nothing.
import type { Order } from '@kestrel/shared';

export interface Delivery {
  shipmentId: string;
  shipmentNumber: string;
  quantity: number;
  /** ISO time the shipment was marked delivered. */
  deliveredAt: string;
}

export interface DeliveredProduct {
  productId: string;
  /** Units of this product delivered, all shipments together. */
  quantity: number;
  /** One entry per delivered shipment that carried the product, oldest delivery first. */
  deliveries: Delivery[];
}

/** Per productId (lines of deleted products have none and are left out), the units delivered and when. */
export function deliveredUnits(order: Pick<Order, 'shipments'>): Map<string, DeliveredProduct> {
  const byProduct = new Map<string, DeliveredProduct>();
  for (const shipment of order.shipments) {
    const { deliveredAt } = shipment;
    if (deliveredAt === null) continue;
    for (const line of shipment.lines) {
      if (line.productId === null || line.quantity <= 0) continue;
      const entry = byProduct.get(line.productId) ?? { productId: line.productId, quantity: 0, deliveries: [] };
      entry.quantity += line.quantity;
      entry.deliveries.push({
        shipmentId: shipment._id,
        shipmentNumber: shipment.number,
        quantity: line.quantity,
        deliveredAt,
      });
      byProduct.set(line.productId, entry);
    }
  }
  for (const entry of byProduct.values()) entry.deliveries.sort((a, b) => a.deliveredAt.localeCompare(b.deliveredAt));
  return byProduct;
}
