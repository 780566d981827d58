// Every kind of message the shop sends, and its template. A message is described by its kind and data; the outbox
// keeps that data and the subject (subjectOf, cheap: it is taken while the order is written), and delivery renders
// the bodies (renderMail).
import { companyInvite, companyInviteSubject, type CompanyInviteMail } from './company-invite.js';
import {
  approvalDecided,
  approvalDecidedSubject,
  approvalNeeded,
  approvalNeededSubject,
  approvalReminder,
  approvalReminderSubject,
  type ApprovalDecidedMail,
  type ApprovalNeededMail,
  type ApprovalReminderMail,
} from './approval.js';
import { emailVerification, emailVerificationSubject, type EmailVerificationMail } from './email-verification.js';
import { orderSubject } from './format.js';
import { invoiceAvailable, invoiceAvailableSubject, type InvoiceAvailableMail } from './invoice-available.js';
import type { RenderedMail, Site } from './layout.js';
import { newOrderForShop, newOrderForShopSubject, type NewOrderForShopMail } from './new-order-for-shop.js';
import { orderCancelled, orderCancelledSubject, type OrderCancelledMail } from './order-cancelled.js';
import { orderDelivered, type OrderDeliveredMail } from './order-delivered.js';
import { orderPaid, type OrderPaidMail } from './order-paid.js';
import { orderPlaced, type OrderPlacedMail } from './order-placed.js';
import { orderRestCancelled, orderRestCancelledSubject, type OrderRestCancelledMail } from './order-rest-cancelled.js';
import { orderShipped, orderShippedSubject, type OrderShippedMail } from './order-shipped.js';
import { quoteMail, quoteSubject, type QuoteMail } from './quote.js';
import { returnMail, returnSubject, type ReturnMail } from './return.js';
import { paymentRefunded, paymentRefundedSubject, type PaymentRefundedMail } from './payment-refunded.js';
import { passwordReset, passwordResetSubject, type PasswordResetMail } from './password-reset.js';
import { webhookDisabled, webhookDisabledSubject, type WebhookDisabledMail } from './webhook-disabled.js';

export type { RenderedMail, Site } from './layout.js';
export type {
  CompanyInviteMail,
  ApprovalDecidedMail,
  ApprovalNeededMail,
  ApprovalReminderMail,
  EmailVerificationMail,
  InvoiceAvailableMail,
  NewOrderForShopMail,
  OrderCancelledMail,
  OrderDeliveredMail,
  OrderPaidMail,
  OrderPlacedMail,
  OrderRestCancelledMail,
  OrderShippedMail,
  PasswordResetMail,
  PaymentRefundedMail,
  WebhookDisabledMail,
  QuoteMail,
  ReturnMail,
};

export type MailContent =
  | { kind: 'order-placed'; data: OrderPlacedMail }
  | { kind: 'order-paid'; data: OrderPaidMail }
  | { kind: 'order-shipped'; data: OrderShippedMail }
  | { kind: 'order-cancelled'; data: OrderCancelledMail }
  | { kind: 'order-delivered'; data: OrderDeliveredMail }
  | { kind: 'new-order-for-shop'; data: NewOrderForShopMail }
  | { kind: 'invoice-available'; data: InvoiceAvailableMail }
  | { kind: 'password-reset'; data: PasswordResetMail }
  | { kind: 'email-verification'; data: EmailVerificationMail }
  | { kind: 'webhook-disabled'; data: WebhookDisabledMail }
  | { kind: 'company-invite'; data: CompanyInviteMail }
  // Approvals (issue #25).
  | { kind: 'approval-needed'; data: ApprovalNeededMail }
  | { kind: 'approval-decided'; data: ApprovalDecidedMail }
  // Issue 47: an owner's reminder before an order awaiting approval expires; a charge given back to a payer who may no
  // longer pay.
  | { kind: 'approval-reminder'; data: ApprovalReminderMail }
  | { kind: 'payment-refunded'; data: PaymentRefundedMail }
  // Quotes (B2B §10, issue #29): one kind, the step in data.event.
  | { kind: 'quote'; data: QuoteMail }
  // Returns (B2B §14, issue #51): one kind, the step in data.event.
  | { kind: 'return'; data: ReturnMail }
  // B2B §14: the unshipped rest of a partly shipped order cancelled.
  | { kind: 'order-rest-cancelled'; data: OrderRestCancelledMail };

export type MailKind = MailContent['kind'];

/** Kinds whose body holds a live secret (a sign-in link): their bodies are blanked once delivered. */
export const SECRET_KINDS: ReadonlySet<string> = new Set<MailKind>([
  'password-reset',
  'email-verification',
  'company-invite',
]);

/** The subject alone, as renderMail would give it, without building the bodies. */
export function subjectOf(site: Site, content: MailContent): string {
  switch (content.kind) {
    case 'order-placed':
      return orderSubject(content.data, 'placed');
    case 'order-paid':
      return orderSubject(content.data, 'paid');
    case 'order-shipped':
      return orderShippedSubject(content.data);
    case 'order-cancelled':
      return orderCancelledSubject(content.data);
    case 'order-delivered':
      return orderSubject(content.data, 'delivered');
    case 'new-order-for-shop':
      return newOrderForShopSubject(content.data);
    case 'invoice-available':
      return invoiceAvailableSubject(content.data);
    case 'password-reset':
      return passwordResetSubject(site);
    case 'email-verification':
      return emailVerificationSubject(site);
    case 'webhook-disabled':
      return webhookDisabledSubject(site);
    case 'company-invite':
      return companyInviteSubject(site, content.data);
    case 'approval-needed':
      return approvalNeededSubject(content.data);
    case 'approval-decided':
      return approvalDecidedSubject(content.data);
    case 'approval-reminder':
      return approvalReminderSubject(content.data);
    case 'payment-refunded':
      return paymentRefundedSubject(content.data);
    case 'quote':
      return quoteSubject(content.data);
    case 'return':
      return returnSubject(content.data);
    case 'order-rest-cancelled':
      return orderRestCancelledSubject(content.data);
  }
}

export function renderMail(site: Site, content: MailContent): RenderedMail {
  switch (content.kind) {
    case 'order-placed':
      return orderPlaced(site, content.data);
    case 'order-paid':
      return orderPaid(site, content.data);
    case 'order-shipped':
      return orderShipped(site, content.data);
    case 'order-cancelled':
      return orderCancelled(site, content.data);
    case 'order-delivered':
      return orderDelivered(site, content.data);
    case 'new-order-for-shop':
      return newOrderForShop(site, content.data);
    case 'invoice-available':
      return invoiceAvailable(site, content.data);
    case 'password-reset':
      return passwordReset(site, content.data);
    case 'email-verification':
      return emailVerification(site, content.data);
    case 'webhook-disabled':
      return webhookDisabled(site, content.data);
    case 'company-invite':
      return companyInvite(site, content.data);
    case 'approval-needed':
      return approvalNeeded(site, content.data);
    case 'approval-decided':
      return approvalDecided(site, content.data);
    case 'approval-reminder':
      return approvalReminder(site, content.data);
    case 'payment-refunded':
      return paymentRefunded(site, content.data);
    case 'quote':
      return quoteMail(site, content.data);
    case 'return':
      return returnMail(site, content.data);
    case 'order-rest-cancelled':
      return orderRestCancelled(site, content.data);
  }
}
