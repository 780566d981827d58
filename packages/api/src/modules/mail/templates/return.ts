// Returns (B2B §14): each step of a return told to whoever asked for it, every message naming its RMA number. The
// authorization says where to send the goods (the seller's address the documents print); the receipt what was
// refunded and the credit note that says so.
import { money, orderLink, units } from './format.js';
import { letter, type RenderedMail, type Site } from './layout.js';

export type ReturnMailEvent = 'requested' | 'authorized' | 'rejected' | 'received';

export interface ReturnMail {
  event: ReturnMailEvent;
  returnId: string;
  /** RMA-{year}-{000001}. */
  returnNumber: string;
  orderId: string;
  orderNumber: string;
  recipientName: string;
  /** The units asked back (requested, authorized, rejected) or received (received). */
  units: number;
  /** Where the goods go, one line each (authorized). */
  sendTo: string[] | null;
  /** Why it was rejected (rejected). */
  reason: string | null;
  /** Cents refunded or credited (received). */
  refundCents: number | null;
  creditNoteNumber: string | null;
}

const SAID: Record<ReturnMailEvent, (m: ReturnMail) => string> = {
  requested: (m) =>
    `We have your return request ${m.returnNumber} for ${units(m.units)} unit(s) of order ${m.orderNumber}. We will tell you once we have looked at it.`,
  authorized: (m) =>
    `Your return ${m.returnNumber} is authorized. Please send the goods to the address below and write ${m.returnNumber} on the parcel.`,
  rejected: (m) => `We are sorry: we cannot accept your return ${m.returnNumber}.`,
  received: (m) =>
    m.refundCents
      ? `We have received ${units(m.units)} unit(s) of your return ${m.returnNumber} and credited you for them.`
      : `We have closed your return ${m.returnNumber}: no units were received back, so nothing was credited.`,
};

const WHAT: Record<ReturnMailEvent, string> = {
  requested: 'requested',
  authorized: 'authorized',
  rejected: 'rejected',
  received: 'received',
};

export const returnSubject = (m: ReturnMail) => `Return ${m.returnNumber} ${WHAT[m.event]}`;

export function returnMail(site: Site, m: ReturnMail): RenderedMail {
  const subject = returnSubject(m);
  const rows: Array<[string, string | null]> = [
    ['Return', m.returnNumber],
    ['Order', m.orderNumber],
    ['Send to', m.sendTo ? m.sendTo.join(', ') : null],
    ['Reason', m.reason],
    ['Refund', m.refundCents === null ? null : money(m.refundCents)],
    ['Credit note', m.creditNoteNumber],
  ];
  return letter(site, {
    subject,
    greeting: `Hello ${m.recipientName},`,
    said: SAID[m.event](m),
    rows,
    link: { href: orderLink(site.publicUrl, m.orderId), button: 'See the order', lead: 'The order' },
    footer: `You receive this because you asked ${site.name} to take back goods of an order.`,
  });
}
