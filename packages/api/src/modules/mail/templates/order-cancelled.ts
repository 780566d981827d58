// "Your order is cancelled" (by you, by us, or because its hold expired), and the refund when a card was charged.
import { money, orderLink, orderSubject, orderName } from './format.js';
import { letter, type RenderedMail, type Site } from './layout.js';

export interface OrderCancelledMail {
  orderId: string;
  /** SO-{year}-{000001}; absent in messages queued before order numbers existed. */
  orderNumber?: string | undefined;
  buyerName: string;
  poNumber: string | null;
  /** cancelled: by the buyer or an administrator; expired: unpaid or unapproved past the hold time. */
  why: 'cancelled' | 'expired';
  /** The reason given, if any. */
  reason: string | null;
  /** Set when a card payment was refunded. */
  refundedCents: number | null;
  /** The invoice the credit note cancels (absent in messages queued before credit notes existed). */
  invoiceNumber?: string | null | undefined;
  /** CN-{year}-{000001}, issued with this cancel or refund for an invoiced order. */
  creditNoteNumber?: string | null | undefined;
}

export const orderCancelledSubject = (m: OrderCancelledMail): string =>
  orderSubject(m, m.why === 'expired' ? 'expired' : 'cancelled');

export function orderCancelled(site: Site, m: OrderCancelledMail): RenderedMail {
  const subject = orderCancelledSubject(m);
  const said =
    m.why === 'expired'
      ? 'Your order was not paid or approved in time, so it has expired and the parts it reserved are released.'
      : 'Your order has been cancelled and the parts it reserved are released.';
  const refund =
    m.refundedCents === null
      ? null
      : `We have refunded ${money(m.refundedCents)} to the card you paid with; banks usually show it within 5-10 days.`;
  const credit = m.creditNoteNumber
    ? `Credit note ${m.creditNoteNumber} cancels invoice ${m.invoiceNumber ?? ''}; you can download it from your order.`
    : null;
  const rows: Array<[string, string | null]> = [
    ['Order', orderName(m)],
    ['PO number', m.poNumber],
    ['Reason', m.reason],
    ['Refunded', m.refundedCents === null ? null : money(m.refundedCents)],
    ['Credit note', m.creditNoteNumber ?? null],
  ];
  const link = orderLink(site.publicUrl, m.orderId);
  const footer = `You receive this because you placed this order at ${site.name}.`;
  return letter(site, {
    subject,
    greeting: `Hello ${m.buyerName},`,
    said,
    more: [...(refund ? [refund] : []), ...(credit ? [credit] : [])],
    rows,
    link: { href: link, button: 'See your orders', lead: 'Your orders' },
    footer,
    // The inbox line says the refund first, when there is one.
    preheader: refund ?? said,
  });
}
