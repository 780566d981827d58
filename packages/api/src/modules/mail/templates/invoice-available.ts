// "Your invoice is ready": its number, amount and due date; the PDF is on the orders page (it needs signing in).
import { day, money, orderLink, orderName } from './format.js';
import { letter, type RenderedMail, type Site } from './layout.js';

export interface InvoiceAvailableMail {
  orderId: string;
  /** SO-{year}-{000001}; absent in messages queued before order numbers existed. */
  orderNumber?: string | undefined;
  buyerName: string;
  poNumber: string | null;
  invoiceNumber: string;
  totalCents: number;
  /** null: paid by card already. */
  dueDate: string | null;
}

export const invoiceAvailableSubject = (m: InvoiceAvailableMail): string =>
  `Invoice ${m.invoiceNumber} for order ${orderName(m)}`;

export function invoiceAvailable(site: Site, m: InvoiceAvailableMail): RenderedMail {
  const subject = invoiceAvailableSubject(m);
  const said =
    m.dueDate === null
      ? `The invoice for your paid order is ready.`
      : `The invoice for your order is ready; please pay it by ${day(m.dueDate)}.`;
  const rows: Array<[string, string | null]> = [
    ['Invoice', m.invoiceNumber],
    ['Order', orderName(m)],
    ['PO number', m.poNumber],
    ['Amount', money(m.totalCents)],
    ['Due', m.dueDate === null ? null : day(m.dueDate)],
  ];
  const link = orderLink(site.publicUrl, m.orderId);
  const footer = `You receive this because you placed this order at ${site.name}.`;
  return letter(site, {
    subject,
    greeting: `Hello ${m.buyerName},`,
    said,
    rows,
    link: { href: link, button: 'Download the invoice', lead: 'Download it (PDF) from your orders' },
    footer,
    preheader: `${money(m.totalCents)}${m.dueDate ? `, due ${day(m.dueDate)}` : ', paid'}`,
  });
}
