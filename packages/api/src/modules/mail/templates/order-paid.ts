// "We have your payment": the amount and the reference it was paid with (the card payment or the bank transfer).
import { money, orderLink, orderSubject, orderName } from './format.js';
import { letter, type RenderedMail, type Site } from './layout.js';

export interface OrderPaidMail {
  orderId: string;
  /** SO-{year}-{000001}; absent in messages queued before order numbers existed. */
  orderNumber?: string | undefined;
  buyerName: string;
  poNumber: string | null;
  totalCents: number;
  /** card: paid by card (the payment's id); account: an on-account payment an administrator recorded. */
  paidBy: 'card' | 'account';
  reference: string | null;
}

export function orderPaid(site: Site, m: OrderPaidMail): RenderedMail {
  const subject = orderSubject(m, 'paid');
  const said =
    m.paidBy === 'card'
      ? `We have received your card payment of ${money(m.totalCents)}; your order is confirmed.`
      : `We have received your payment of ${money(m.totalCents)} for this order on account.`;
  const rows: Array<[string, string | null]> = [
    ['Order', orderName(m)],
    ['PO number', m.poNumber],
    ['Paid', money(m.totalCents)],
    ['Reference', m.reference],
  ];
  const link = orderLink(site.publicUrl, m.orderId);
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
