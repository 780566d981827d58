// "We gave your payment back" (B2B §4, issue 47): a card charge of an order its payer may no longer pay (demoted to
// viewer, or no longer in the order's company, since the payment was opened) is refunded at once; the payer is told
// how much went back and why, so the money does not seem lost.
import { money, orderLink, orderName, orderSubject } from './format.js';
import { letter, type RenderedMail, type Site } from './layout.js';

export interface PaymentRefundedMail {
  orderId: string;
  orderNumber: string;
  buyerName: string;
  poNumber: string | null;
  refundedCents: number;
  /** Why the payer may no longer pay (the refusal the shop answers them). */
  reason: string;
}

export const paymentRefundedSubject = (m: PaymentRefundedMail) => orderSubject(m, 'payment refunded');

export function paymentRefunded(site: Site, m: PaymentRefundedMail): RenderedMail {
  const subject = paymentRefundedSubject(m);
  const said = `Your card payment of ${money(m.refundedCents)} was refunded at once: you may no longer pay this order. ${m.reason}`;
  const rows: Array<[string, string | null]> = [
    ['Order', orderName(m)],
    ['PO number', m.poNumber],
    ['Refunded', money(m.refundedCents)],
  ];
  const link = orderLink(site.publicUrl, m.orderId);
  const footer = `You receive this because you paid this order at ${site.name}.`;
  return letter(site, {
    subject,
    greeting: `Hello ${m.buyerName},`,
    said,
    rows,
    link: { href: link, button: 'See the order', lead: 'The order' },
    footer,
  });
}
