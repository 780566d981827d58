// Quotes (B2B §10): each step of a quote told to the other side, every message naming the quote's number. To the
// administrators: a quote requested, accepted (with the order it placed) or declined, and each buyer's message; to the
// requester: an offer (total and valid until), a rejection (the reason), an expiry, and each message of the shop.
import { QUOTE_MESSAGE_MAIL_MINUTES } from '@kestrel/shared';
import { day, money } from './format.js';
import { letter, type RenderedMail, type Site } from './layout.js';

export type QuoteMailEvent = 'requested' | 'offered' | 'rejected' | 'expired' | 'accepted' | 'declined' | 'message';

export interface QuoteMail {
  event: QuoteMailEvent;
  quoteId: string;
  /** Q-{year}-{000001}. */
  quoteNumber: string;
  /** Who the message is to: the requester's name, or an administrator's. */
  recipientName: string;
  /** 'buyer': the requester's side reads it (their quote page); 'seller': an administrator (the shop's quote page). */
  audience: 'buyer' | 'seller';
  /** The requester and their company, for the shop's messages. */
  buyerName: string;
  buyerEmail: string;
  companyName: string | null;
  lineCount: number;
  /** Cents: the offered total (offered, accepted), else null. */
  totalCents: number | null;
  /** ISO time the offer is valid until (offered, expired). */
  validUntil: string | null;
  /** The order accepting placed (accepted). */
  orderNumber: string | null;
  /** A reason (rejected, declined), the buyer's note (requested), the offer's message (offered), or the message's text. */
  text: string | null;
  /** Who wrote the message (message). */
  author: string | null;
}

const SAID: Record<QuoteMailEvent, (m: QuoteMail) => string> = {
  requested: (m) => `${m.buyerName} (${m.buyerEmail}) asks for a quote of ${m.lineCount} line(s).`,
  offered: () => 'We have made you an offer for your quote request. Accept it before it expires to place the order.',
  rejected: () => 'We are sorry: we cannot offer a price for your quote request.',
  expired: () => 'Our offer for your quote request has expired. Ask for a new quote if you still need the parts.',
  accepted: (m) => `${m.buyerName} (${m.buyerEmail}) accepted the offer; it placed order ${m.orderNumber ?? ''}.`,
  declined: (m) => `${m.buyerName} (${m.buyerEmail}) declined the offer.`,
  // One mail per side and quote in each window (modules/quotes, issue 47): later messages of that window are in the thread.
  message: (m) =>
    `${m.author ?? 'Someone'} wrote about the quote (messages within the next ${QUOTE_MESSAGE_MAIL_MINUTES} minutes are not mailed again: read them on the quote's page):`,
};

const WHAT: Record<QuoteMailEvent, string> = {
  requested: 'requested',
  offered: 'offered',
  rejected: 'rejected',
  expired: 'expired',
  accepted: 'accepted',
  declined: 'declined',
  message: 'has a new message',
};

export const quoteSubject = (m: QuoteMail) => `Quote ${m.quoteNumber} ${WHAT[m.event]}`;

/** The buyer's page of a quote, or the shop's. */
export function quoteLink(publicUrl: string, m: Pick<QuoteMail, 'audience' | 'quoteId'>): string {
  return m.audience === 'buyer'
    ? `${publicUrl}/dashboard/quotes/${m.quoteId}`
    : `${publicUrl}/dashboard/manage-quotes/${m.quoteId}`;
}

export function quoteMail(site: Site, m: QuoteMail): RenderedMail {
  const subject = quoteSubject(m);
  const said = SAID[m.event](m);
  const textLabel =
    m.event === 'message' ? 'Message' : m.event === 'requested' ? 'Note' : m.event === 'offered' ? 'Message' : 'Reason';
  const rows: Array<[string, string | null]> = [
    ['Quote', m.quoteNumber],
    ['Company', m.audience === 'seller' ? m.companyName : null],
    ['Total', m.totalCents === null ? null : money(m.totalCents)],
    ['Valid until', m.validUntil ? `${day(m.validUntil)} (${m.validUntil.slice(11, 16)} UTC)` : null],
    ['Order', m.orderNumber],
    [textLabel, m.text],
  ];
  const link = quoteLink(site.publicUrl, m);
  const footer =
    m.audience === 'buyer'
      ? `You receive this because you asked ${site.name} for a quote.`
      : `You receive this because you administer ${site.name}.`;
  return letter(site, {
    subject,
    greeting: `Hello ${m.recipientName},`,
    said,
    rows,
    link: { href: link, button: 'See the quote', lead: 'The quote' },
    footer,
  });
}
