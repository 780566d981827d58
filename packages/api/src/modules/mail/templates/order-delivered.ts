// "Your order was delivered": the end of the order's journey (B2B §11), with where to find the invoice.
import { orderLink, orderName, orderSubject } from './format.js';
import { letter, type RenderedMail, type Site } from './layout.js';

export interface OrderDeliveredMail {
  orderId: string;
  /** SO-{year}-{000001}; absent in messages queued before order numbers existed. */
  orderNumber?: string | undefined;
  buyerName: string;
  poNumber: string | null;
  carrier: string | null;
  trackingNumber: string | null;
  invoiceNumber: string | null;
}

export function orderDelivered(site: Site, m: OrderDeliveredMail): RenderedMail {
  const subject = orderSubject(m, 'delivered');
  const rows: Array<[string, string | null]> = [
    ['Order', orderName(m)],
    ['PO number', m.poNumber],
    ['Carrier', m.carrier],
    ['Tracking number', m.trackingNumber],
    ['Invoice', m.invoiceNumber],
  ];
  const link = orderLink(site.publicUrl, m.orderId);
  const said = 'Your order has been delivered. Thank you for ordering from us.';
  const footer = `You receive this because you placed this order at ${site.name}.`;
  return letter(site, {
    subject,
    greeting: `Hello ${m.buyerName},`,
    said,
    rows,
    link: { href: link, button: 'See your orders', lead: 'Your orders' },
    footer,
  });
}
