// "New order" to the shop's own mailbox (SHOP_NOTIFY_EMAIL, B2B §11): who ordered what, the buyer's note, and a link
// to Manage All Orders, so whoever ships hears of each order without watching the dashboard.
import { money, orderName, units } from './format.js';
import { letter, type RenderedMail, type Site } from './layout.js';
import { orderLinesTable, type MailLine } from './order-lines.js';

export interface NewOrderForShopMail {
  orderId: string;
  /** SO-{year}-{000001}; absent in messages queued before order numbers existed. */
  orderNumber?: string | undefined;
  buyerName: string;
  buyerEmail: string;
  poNumber: string | null;
  note: string | null;
  lines: MailLine[];
  totalCents: number;
  paymentTerms: 'card' | 'account';
}

export const newOrderForShopSubject = (m: NewOrderForShopMail): string =>
  `New order ${orderName(m)} from ${m.buyerName} (${money(m.totalCents)})`;

export function newOrderForShop(site: Site, m: NewOrderForShopMail): RenderedMail {
  const subject = newOrderForShopSubject(m);
  const rows: Array<[string, string | null]> = [
    ['Order', orderName(m)],
    ['Buyer', `${m.buyerName} <${m.buyerEmail}>`],
    ['PO number', m.poNumber],
    ['Payment', m.paymentTerms === 'account' ? 'On account' : 'Card (awaiting payment)'],
    ['Total', money(m.totalCents)],
    ['Note from the buyer', m.note],
  ];
  const link = `${site.publicUrl}/dashboard/manage-orders/${m.orderId}`;
  const said = `${m.buyerName} placed an order of ${m.lines.length} line${m.lines.length === 1 ? '' : 's'}.`;
  const footer = `You receive this because this address is the shop's SHOP_NOTIFY_EMAIL at ${site.name}.`;
  return letter(site, {
    subject,
    said,
    rows,
    table: {
      text: m.lines.map((l) => `- ${l.sku} ${l.name}: ${units(l.quantity)} = ${money(l.lineTotalCents)}`).join('\n'),
      html: orderLinesTable(m.lines),
    },
    link: { href: link, button: 'Manage all orders', lead: 'The order' },
    footer,
  });
}
