// Approvals (B2B §5/§6, issue #25): "approval needed" to each owner of the buyer's company, and the decision, approved
// or rejected with the owner's reason, to the buyer. Issue 47: one reminder to each owner before the order expires.
import { day, money, orderLink, orderName, orderSubject } from './format.js';
import { letter, type RenderedMail, type Site } from './layout.js';

export interface ApprovalNeededMail {
  orderId: string;
  orderNumber: string;
  ownerName: string;
  buyerName: string;
  buyerEmail: string;
  poNumber: string | null;
  totalCents: number;
  /** The buyer's spending limit, in cents, that the order passed. */
  limitCents: number;
}

export interface ApprovalDecidedMail {
  orderId: string;
  orderNumber: string;
  buyerName: string;
  poNumber: string | null;
  totalCents: number;
  decision: 'approved' | 'rejected';
  /** The owner's reason (rejected only). */
  reason: string | null;
  /** approved: what happens next; pay by card, or confirmed on account. */
  next: 'pay' | 'confirmed' | null;
}

export interface ApprovalReminderMail extends ApprovalNeededMail {
  /** When the order expires undecided (ISO). */
  expiresAt: string;
}

export const approvalReminderSubject = (m: ApprovalReminderMail) =>
  orderSubject(m, `still needs your approval: it expires ${day(m.expiresAt)}`);

export const approvalNeededSubject = (m: ApprovalNeededMail) => orderSubject(m, 'needs your approval');
export const approvalDecidedSubject = (m: ApprovalDecidedMail) => orderSubject(m, m.decision);

/** Both messages to an owner (approval needed, the reminder): the order's facts and the way to the approvals. */
function toOwner(site: Site, m: ApprovalNeededMail, subject: string, said: string): RenderedMail {
  return letter(site, {
    subject,
    greeting: `Hello ${m.ownerName},`,
    said,
    rows: [
      ['Order', orderName(m)],
      ['PO number', m.poNumber],
      ['Total', money(m.totalCents)],
    ],
    link: { href: `${site.publicUrl}/dashboard/approvals`, button: 'Review approvals', lead: 'Approvals' },
    footer: `You receive this because you own a company account at ${site.name}.`,
  });
}

export function approvalNeeded(site: Site, m: ApprovalNeededMail): RenderedMail {
  const said = `${m.buyerName} (${m.buyerEmail}) placed an order of ${money(m.totalCents)}, above their spending limit of ${money(m.limitCents)}. It holds its stock until you approve or reject it.`;
  return toOwner(site, m, approvalNeededSubject(m), said);
}

export function approvalDecided(site: Site, m: ApprovalDecidedMail): RenderedMail {
  const subject = approvalDecidedSubject(m);
  const said =
    m.decision === 'rejected'
      ? 'Your company’s owner rejected your order; its stock is released.'
      : m.next === 'confirmed'
        ? 'Your company’s owner approved your order; it is confirmed on account.'
        : 'Your company’s owner approved your order; you can now pay it by card.';
  const rows: Array<[string, string | null]> = [
    ['Order', orderName(m)],
    ['PO number', m.poNumber],
    ['Total', money(m.totalCents)],
    ['Reason', m.reason],
  ];
  const link = orderLink(site.publicUrl, m.orderId);
  const footer = `You receive this because you placed this order at ${site.name}.`;
  return letter(site, {
    subject,
    greeting: `Hello ${m.buyerName},`,
    said,
    rows,
    link: { href: link, button: 'See the order', lead: 'Your order' },
    footer,
  });
}

export function approvalReminder(site: Site, m: ApprovalReminderMail): RenderedMail {
  const said = `${m.buyerName} (${m.buyerEmail}) is still waiting: their order of ${money(m.totalCents)}, above their spending limit of ${money(m.limitCents)}, expires on ${day(m.expiresAt)} (${m.expiresAt.slice(11, 16)} UTC) unless an owner approves or rejects it. Its stock is released when it expires.`;
  return toOwner(site, m, approvalReminderSubject(m), said);
}
