// "We have your order": its lines and total, and what happens next (pay by card, or confirmed on account).
import { day, money, orderLink, orderSubject, orderName, units } from './format.js';
import { letter, type RenderedMail, type Site } from './layout.js';
import { orderLinesTable, type MailLine } from './order-lines.js';

export interface OrderPlacedMail {
  orderId: string;
  /** SO-{year}-{000001}; absent in messages queued before order numbers existed. */
  orderNumber?: string | undefined;
  buyerName: string;
  poNumber: string | null;
  lines: MailLine[];
  totalCents: number;
  /** card: waits for payment by card; account: confirmed on account, payable by `dueDate`. */
  paymentTerms: 'card' | 'account';
  dueDate: string | null;
  /** Above the buyer's spending limit: it waits for the company owner's approval first (issue #25). */
  awaitingApproval?: boolean | undefined;
}

export function orderPlaced(site: Site, m: OrderPlacedMail): RenderedMail {
  const subject = orderSubject(m, 'placed');
  const next = m.awaitingApproval
    ? 'It is above your spending limit, so it is reserved for you and waits for approval by your company’s owner.'
    : m.paymentTerms === 'account'
      ? `It is confirmed on account${m.dueDate ? ` and payable by ${day(m.dueDate)}` : ''}.`
      : 'It is reserved for you and waits for payment by card.';
  const rows: Array<[string, string | null]> = [
    ['Order', orderName(m)],
    ['PO number', m.poNumber],
    ['Total', money(m.totalCents)],
  ];
  const link = orderLink(site.publicUrl, m.orderId);
  const footer = `You receive this because an order was placed with your account at ${site.name}.`;
  return letter(site, {
    subject,
    greeting: `Hello ${m.buyerName},`,
    said: `Thank you for your order. ${next}`,
    rows,
    table: {
      text: m.lines
        .map(
          (l) => `- ${l.sku} ${l.name}: ${units(l.quantity)} x ${money(l.unitPriceCents)} = ${money(l.lineTotalCents)}`,
        )
        .join('\n'),
      html: orderLinesTable(m.lines),
    },
    link: { href: link, button: 'Follow your order', lead: 'Follow your order' },
    footer,
    preheader: `${money(m.totalCents)}, ${m.lines.length} line${m.lines.length === 1 ? '' : 's'}. ${next}`,
  });
}
