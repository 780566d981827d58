// Approvals (B2B §5/§6, issue #25): "approval needed" to each owner of the buyer's company, and the decision, approved
// or rejected with the owner's reason, to the buyer. Issue 47: one reminder to each owner before the order expires.
import { day, money, orderLink, orderName, orderSubject } from './format.js';
import {
  button,
  facts,
  factsText,
  htmlDocument,
  paragraph,
  textDocument,
  type RenderedMail,
  type Site,
} from './layout.js';

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

export function approvalNeeded(site: Site, m: ApprovalNeededMail): RenderedMail {
  const subject = approvalNeededSubject(m);
  const said = `${m.buyerName} (${m.buyerEmail}) placed an order of ${money(m.totalCents)}, above their spending limit of ${money(m.limitCents)}. It holds its stock until you approve or reject it.`;
  const rows: Array<[string, string | null]> = [
    ['Order', orderName(m)],
    ['PO number', m.poNumber],
    ['Total', money(m.totalCents)],
  ];
  const link = `${site.publicUrl}/dashboard/approvals`;
  const footer = `You receive this because you own a company account at ${site.name}.`;
  return {
    subject,
    text: textDocument(site, [`Hello ${m.ownerName},`, said, factsText(rows), `Approvals: ${link}`], footer),
    html: htmlDocument(
      site,
      subject,
      said,
      [paragraph(`Hello ${m.ownerName},`), paragraph(said), facts(rows), button('Review approvals', link)],
      footer,
    ),
  };
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
  return {
    subject,
    text: textDocument(site, [`Hello ${m.buyerName},`, said, factsText(rows), `Your order: ${link}`], footer),
    html: htmlDocument(
      site,
      subject,
      said,
      [paragraph(`Hello ${m.buyerName},`), paragraph(said), facts(rows), button('See the order', link)],
      footer,
    ),
  };
}

export function approvalReminder(site: Site, m: ApprovalReminderMail): RenderedMail {
  const subject = approvalReminderSubject(m);
  const said = `${m.buyerName} (${m.buyerEmail}) is still waiting: their order of ${money(m.totalCents)}, above their spending limit of ${money(m.limitCents)}, expires on ${day(m.expiresAt)} (${m.expiresAt.slice(11, 16)} UTC) unless an owner approves or rejects it. Its stock is released when it expires.`;
  const rows: Array<[string, string | null]> = [
    ['Order', orderName(m)],
    ['PO number', m.poNumber],
    ['Total', money(m.totalCents)],
  ];
  const link = `${site.publicUrl}/dashboard/approvals`;
  const footer = `You receive this because you own a company account at ${site.name}.`;
  return {
    subject,
    text: textDocument(site, [`Hello ${m.ownerName},`, said, factsText(rows), `Approvals: ${link}`], footer),
    html: htmlDocument(
      site,
      subject,
      said,
      [paragraph(`Hello ${m.ownerName},`), paragraph(said), facts(rows), button('Review approvals', link)],
      footer,
    ),
  };
}
