// "Your order is on its way": the carrier and the tracking number.
import { orderLink, orderSubject, orderName } from './format.js';
import { letter, type RenderedMail, type Site } from './layout.js';

export interface OrderShippedMail {
  orderId: string;
  /** SO-{year}-{000001}; absent in messages queued before order numbers existed. */
  orderNumber?: string | undefined;
  buyerName: string;
  poNumber: string | null;
  carrier: string;
  trackingNumber: string;
}

export function orderShipped(site: Site, m: OrderShippedMail): RenderedMail {
  const subject = orderSubject(m, 'shipped');
  const rows: Array<[string, string | null]> = [
    ['Order', orderName(m)],
    ['PO number', m.poNumber],
    ['Carrier', m.carrier],
    ['Tracking number', m.trackingNumber],
  ];
  const link = orderLink(site.publicUrl, m.orderId);
  const said = `Your order has left our warehouse with ${m.carrier}.`;
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
