// The mail module's public entry: the outbox service, its background job, and the kinds of message.
export { MAIL_DELIVERY_JOB, mailDeliveryJob } from './delivery-job.js';
export type { DeliveryReport } from './deliver.js';
export { MAIL_COLUMNS, mailRowValues, type NewMailRow } from './outbox-repository.js';
export type { RetryPolicy } from './retry-policy.js';
export { createMailService, type MailDeps, type MailService, type OutgoingMail } from './service.js';
export type {
  EmailVerificationMail,
  InvoiceAvailableMail,
  MailContent,
  MailKind,
  OrderCancelledMail,
  OrderPaidMail,
  OrderPlacedMail,
  OrderShippedMail,
  PasswordResetMail,
  QuoteMail,
  WebhookDisabledMail,
} from './templates/index.js';
