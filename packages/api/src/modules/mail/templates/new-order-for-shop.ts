// "New order" to the shop's own mailbox (SHOP_NOTIFY_EMAIL, B2B §11): who ordered what, the buyer's note, and a link
// to Manage All Orders, so whoever ships hears of each order without watching the dashboard.
import { money, orderName, units } from './format.js';
import {
  button,
  facts,
  factsText,
  htmlDocument,
  paragraph,
  table,
  textDocument,
  type RenderedMail,
  type Site,
} from './layout.js';

export interface NewOrderForShopMail {
  orderId: string;
  /** SO-{year}-{000001}; absent in messages queued before order numbers existed. */
  orderNumber?: string | undefined;
  buyerName: string;
  buyerEmail: string;
  poNumber: string | null;
  note: string | null;
  lines: Array<{ sku: string; name: string; quantity: number; unitPriceCents: number; lineTotalCents: number }>;
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
  const text = textDocument(
    site,
    [
      said,
      factsText(rows),
      m.lines.map((l) => `- ${l.sku} ${l.name}: ${units(l.quantity)} = ${money(l.lineTotalCents)}`).join('\n'),
      `The order: ${link}`,
    ],
    footer,
  );
  const html = htmlDocument(
    site,
    subject,
    said,
    [
      paragraph(said),
      facts(rows),
      table(
        ['SKU', 'Part', 'Quantity', 'Unit price', 'Line total'],
        m.lines.map((l) => [l.sku, l.name, units(l.quantity), money(l.unitPriceCents), money(l.lineTotalCents)]),
        [false, false, true, true, true],
      ),
      button('Manage all orders', link),
    ],
    footer,
  );
  return { subject, text, html };
}
