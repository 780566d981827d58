// "We have your order": its lines and total, and what happens next (pay by card, or confirmed on account).
import { day, money, orderLink, orderSubject, orderName, units } from './format.js';
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

export interface OrderPlacedMail {
  orderId: string;
  /** SO-{year}-{000001}; absent in messages queued before order numbers existed. */
  orderNumber?: string | undefined;
  buyerName: string;
  poNumber: string | null;
  lines: Array<{ sku: string; name: string; quantity: number; unitPriceCents: number; lineTotalCents: number }>;
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
  const text = textDocument(
    site,
    [
      `Hello ${m.buyerName},`,
      `Thank you for your order. ${next}`,
      factsText(rows),
      m.lines
        .map(
          (l) => `- ${l.sku} ${l.name}: ${units(l.quantity)} x ${money(l.unitPriceCents)} = ${money(l.lineTotalCents)}`,
        )
        .join('\n'),
      `Follow your order: ${link}`,
    ],
    footer,
  );
  const html = htmlDocument(
    site,
    subject,
    `${money(m.totalCents)}, ${m.lines.length} line${m.lines.length === 1 ? '' : 's'}. ${next}`,
    [
      paragraph(`Hello ${m.buyerName},`),
      paragraph(`Thank you for your order. ${next}`),
      facts(rows),
      table(
        ['SKU', 'Part', 'Quantity', 'Unit price', 'Line total'],
        m.lines.map((l) => [l.sku, l.name, units(l.quantity), money(l.unitPriceCents), money(l.lineTotalCents)]),
        [false, false, true, true, true],
      ),
      button('Follow your order', link),
    ],
    footer,
  );
  return { subject, text, html };
}
