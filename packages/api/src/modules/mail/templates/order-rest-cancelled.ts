// "The rest of your order is cancelled" (B2B §14): an administrator cancelled the units of a partly shipped order that
// had not shipped. What shipped stays; the message names the cancelled units, the credit note and where the money went.
import { money, orderLink, orderName, orderSubject, units } from './format.js';
import { letter, type RenderedMail, type Site } from './layout.js';

export interface OrderRestCancelledMail {
  orderId: string;
  orderNumber: string;
  buyerName: string;
  poNumber: string | null;
  reason: string | null;
  lines: Array<{ sku: string; name: string; quantity: number }>;
  /** CN-{year}-{000001} and what it credits, in cents; null when the order was never invoiced. */
  creditNoteNumber: string | null;
  creditedCents: number | null;
  /** card: refunded to the card paid with; invoice: taken off the unpaid invoice; balance: credit on the account. */
  settlement: 'card' | 'invoice' | 'balance' | null;
}

export const orderRestCancelledSubject = (m: OrderRestCancelledMail): string =>
  orderSubject(m, 'unshipped units cancelled');

function whereTheMoneyGoes(m: OrderRestCancelledMail): string | null {
  if (m.creditedCents === null || m.creditNoteNumber === null) return null;
  const amount = money(m.creditedCents);
  switch (m.settlement) {
    case 'card':
      return `We are refunding ${amount} to the card you paid with (credit note ${m.creditNoteNumber}); banks usually show it within 5-10 days.`;
    case 'invoice':
      return `Credit note ${m.creditNoteNumber} takes ${amount} off your invoice; pay only what is still due.`;
    default:
      return `Credit note ${m.creditNoteNumber} credits ${amount} to your company's account.`;
  }
}

export function orderRestCancelled(site: Site, m: OrderRestCancelledMail): RenderedMail {
  const count = m.lines.reduce((sum, l) => sum + l.quantity, 0);
  const settled = whereTheMoneyGoes(m);
  const said = [
    count === 1
      ? 'The 1 unit of your order that had not shipped is cancelled and will not be sent; what has shipped is not affected.'
      : `The ${units(count)} units of your order that had not shipped are cancelled and will not be sent; what has shipped is not affected.`,
    ...(settled ? [settled] : []),
  ].join(' ');
  return letter(site, {
    subject: orderRestCancelledSubject(m),
    greeting: `Hello ${m.buyerName},`,
    said,
    rows: [
      ['Order', orderName(m)],
      ['PO number', m.poNumber],
      ['Reason', m.reason],
      ...m.lines.map((l): [string, string] => [`${l.sku} ${l.name}`, `${units(l.quantity)} units cancelled`]),
      ['Credit note', m.creditNoteNumber],
    ],
    link: { href: orderLink(site.publicUrl, m.orderId), button: 'See your orders', lead: 'Your orders' },
    footer: `You receive this because you placed this order at ${site.name}.`,
  });
}
