// "Your order is on its way": the carrier and the tracking number; with B2B §14's shipments, which units this shipment
// carries and how many are still to come.
import { orderLink, orderSubject, orderName, units } from './format.js';
import { letter, type RenderedMail, type Site } from './layout.js';

export interface OrderShippedMail {
  orderId: string;
  /** SO-{year}-{000001}; absent in messages queued before order numbers existed. */
  orderNumber?: string | undefined;
  buyerName: string;
  poNumber: string | null;
  carrier: string;
  trackingNumber: string;
  /** B2B §14; absent in messages queued before shipments existed. */
  shipmentNumber?: string | undefined;
  lines?: Array<{ sku: string; name: string; quantity: number }> | undefined;
  /** Units of the order not in this or an earlier shipment (0: the order is complete). */
  unitsLeft?: number | undefined;
}

/** "shipped", or "partly shipped" for a shipment that leaves units to come. */
export function orderShippedSubject(m: OrderShippedMail): string {
  return orderSubject(m, (m.unitsLeft ?? 0) > 0 ? 'partly shipped' : 'shipped');
}

export function orderShipped(site: Site, m: OrderShippedMail): RenderedMail {
  const left = m.unitsLeft ?? 0;
  const subject = orderShippedSubject(m);
  const rows: Array<[string, string | null]> = [
    ['Order', orderName(m)],
    ['Shipment', m.shipmentNumber ?? null],
    ['PO number', m.poNumber],
    ['Carrier', m.carrier],
    ['Tracking number', m.trackingNumber],
    ...(m.lines ?? []).map((l): [string, string] => [`${l.sku} ${l.name}`, `${units(l.quantity)} units`]),
  ];
  const link = orderLink(site.publicUrl, m.orderId);
  const said =
    left > 0
      ? `Part of your order has left our warehouse with ${m.carrier}; ${units(left)} more unit${left === 1 ? '' : 's'} will follow.`
      : `Your order has left our warehouse with ${m.carrier}.`;
  const footer = `You receive this because you placed this order at ${site.name}.`;
  return letter(site, {
    subject,
    greeting: `Hello ${m.buyerName},`,
    said,
    rows,
    link: { href: link, button: 'See your orders', lead: 'Your orders' },
    footer,
    preheader: `${m.carrier} tracking number ${m.trackingNumber}`,
  });
}
