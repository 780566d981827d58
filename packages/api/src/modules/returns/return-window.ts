// Which units of an order may still be asked back (B2B §14): units delivered, within RETURN_DAYS whole days of the
// delivery of their shipment, and not held by another return (requested, authorized, or received). One function, so
// the request and its test read the same rule.
import type { Order } from '@kestrel/shared';
import { deliveredUnits } from '../orders/index.js';

const DAY_MS = 86_400_000;

/** Units of one product delivered together, and when. */
export interface Delivery {
  units: number;
  deliveredAt: string;
}

/** Per product, the units each delivered shipment of the order carried, and when it was delivered. */
export function deliveriesOf(order: Order): Map<string, Delivery[]> {
  const byProduct = new Map<string, Delivery[]>();
  for (const [productId, delivered] of deliveredUnits(order)) {
    byProduct.set(
      productId,
      delivered.deliveries.map((d) => ({ units: d.quantity, deliveredAt: d.deliveredAt })),
    );
  }
  return byProduct;
}

/** Whether a delivery at `deliveredAt` is still within `returnDays` whole days at `now`. */
export function withinWindow(deliveredAt: string, returnDays: number, now: Date): boolean {
  return now.getTime() <= Date.parse(deliveredAt) + returnDays * DAY_MS;
}

export type Returnable =
  | { ok: true; units: number }
  | { ok: false; reason: 'not_in_order' | 'not_delivered' | 'window_closed' | 'all_held'; units: 0 };

/**
 * How many units of a product may be asked back now: those delivered within the window, but never more than all
 * delivered less those already held by returns (held units are counted against the oldest deliveries first: a
 * return was asked while they were in reach).
 */
export function returnableUnits(
  inOrder: boolean,
  deliveries: Delivery[] | undefined,
  held: number,
  returnDays: number,
  now: Date,
): Returnable {
  if (!inOrder) return { ok: false, reason: 'not_in_order', units: 0 };
  if (!deliveries || deliveries.length === 0) return { ok: false, reason: 'not_delivered', units: 0 };
  const delivered = deliveries.reduce((sum, d) => sum + d.units, 0);
  const inWindow = deliveries
    .filter((d) => withinWindow(d.deliveredAt, returnDays, now))
    .reduce((sum, d) => sum + d.units, 0);
  if (inWindow === 0) return { ok: false, reason: 'window_closed', units: 0 };
  const units = Math.min(inWindow, delivered - held);
  if (units <= 0) return { ok: false, reason: 'all_held', units: 0 };
  return { ok: true, units };
}
