// Spending limits, approvals and payment on account (B2B §5, issue #25): the calls' bodies and answers and the
// messages buyers see, shared by the API (modules/orders/approvals.ts, company-terms.ts) and the storefront.
import './zod-setup.js';
import { z } from 'zod';
import { orderSchema } from './entities.js';
import { MAX_CANCEL_REASON_LENGTH, MAX_PO_NUMBER_LENGTH, orderingMessages } from './ordering-rules.js';

export const MAX_REJECT_REASON_LENGTH = MAX_CANCEL_REASON_LENGTH;

/** Net terms and the days until an on-account order is due. */
export const NET_TERM_DAYS = { net15: 15, net30: 30, net60: 60 } as const;
export type NetTerms = keyof typeof NET_TERM_DAYS;
export const isNetTerms = (terms: string): terms is NetTerms => terms in NET_TERM_DAYS;

export const companyOrderingMessages = {
  creditLimitExceeded: 'credit limit exceeded',
  overdue: 'Your company has an overdue invoice; it must be paid before another order is placed on account',
  cardTerms: "Your company pays by card: payment on account needs net terms (ask the shop to set your company's terms)",
  noCompany: 'Payment on account is for company accounts: create or join a company first',
  awaitingApproval: "This order awaits approval by your company's owner and cannot be paid yet",
  onlyOwnersApprove: "Only an owner of the order's company approves or rejects its orders",
  ownOrderNotApproved: 'You placed this order yourself: another owner of your company approves or rejects it',
} as const;

/** Dollars as every company message writes them: "$1,250.00". */
const dollarText = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Issue 47: the credit refusal with its amounts and the way out (B2B §5's 'credit limit exceeded' leads it), as the
 * API answers it and checkout shows it beside a "Pay by card instead" button.
 */
export const creditLimitExceededMessage = (availableCents: number, totalCents: number) =>
  `${companyOrderingMessages.creditLimitExceeded}: your company has ${dollarText(availableCents)} of credit available and this order is ${dollarText(totalCents)}. Pay by card instead, or pay open invoices first.`;

/** Issue 47: why an order waits for approval, in the words its pages show. */
export const approvalReasonMessage = (buyerName: string, limitCents: number | null, totalCents: number) =>
  limitCents === null
    ? `This order of ${dollarText(totalCents)} is above ${buyerName}'s spending limit, so an owner of the company approves it before it goes ahead.`
    : `This order of ${dollarText(totalCents)} is above ${buyerName}'s spending limit of ${dollarText(limitCents)}, so an owner of the company approves it before it goes ahead.`;

/**
 * `GET /api/orders/{id}/approval` (whoever sees the order): why an order awaiting approval waits, who decides (the
 * company's owners but its own buyer, by name), when it expires and when the owners are reminded (once).
 */
export const orderApprovalSchema = z.object({
  orderId: z.string(),
  /** Dollars: the buyer's spending limit the order passed, as it was at placement (null: not known). */
  spendingLimit: z.number().nullable(),
  /** Dollars. */
  total: z.number(),
  reason: z.string(),
  deciders: z.object({ name: z.string() }).array(),
  expiresAt: z.string().nullable(),
  /** When the owners get their one reminder before it expires. */
  remindAt: z.string().nullable(),
  reminded: z.boolean(),
});
export type OrderApproval = z.infer<typeof orderApprovalSchema>;

/**
 * `GET /api/orders/po-number-check?poNumber=` (issue 47): checkout warns, never blocks, when the buyer or their company
 * already used a PO number. The same rule of a PO number as checkout's.
 */
export const poNumberCheckQuerySchema = z.object({
  poNumber: z
    .string({ error: 'poNumber is required' })
    .trim()
    .min(1, 'poNumber is required')
    .max(MAX_PO_NUMBER_LENGTH, orderingMessages.poNumberInvalid)
    .regex(/^[\x20-\x7e]*$/, orderingMessages.poNumberInvalid),
});
export const poNumberCheckSchema = z.object({
  poNumber: z.string(),
  /** Orders of the caller or their company with this PO number (any case), newest first, at most 5. */
  usedBy: z.object({ _id: z.string(), number: z.string(), createdAt: z.string() }).array(),
  /** The warning checkout shows, or null when the PO number is new. */
  warning: z.string().nullable(),
});
export type PoNumberCheck = z.infer<typeof poNumberCheckSchema>;

/** The warning of a PO number used before, naming the orders that used it. */
export const poNumberUsedMessage = (poNumber: string, numbers: string[]) =>
  `PO number ${poNumber} was already used on ${numbers.length === 1 ? 'order' : 'orders'} ${numbers.join(', ')}. You can still place this order with it.`;

/** `POST /api/orders/{id}/reject`: the reason is required, and the buyer reads it. */
export const rejectOrderSchema = z.object({
  reason: z
    .string({ error: 'reason is required' })
    .trim()
    .min(1, 'reason is required')
    .max(MAX_REJECT_REASON_LENGTH, `reason must be at most ${MAX_REJECT_REASON_LENGTH} characters`)
    // Line breaks allowed (a reason may be a few lines); other control characters not.
    .regex(/^(?:[^\p{Cc}]|\n)*$/u, 'reason must be printable text'),
});
export type RejectOrder = z.input<typeof rejectOrderSchema>;

/** One unpaid on-account order of the company, as its account shows it. */
export const accountOrderSchema = z.object({
  _id: z.string(),
  number: z.string(),
  poNumber: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  status: z.string(),
  /** Dollars. */
  amount: z.number(),
  createdAt: z.string(),
  /** YYYY-MM-DD (UTC): due on that day, overdue from the next. */
  dueDate: z.string().nullable(),
  overdue: z.boolean(),
});
export type AccountOrder = z.infer<typeof accountOrderSchema>;

/**
 * `GET /api/company/account` (members) and `GET /api/admin/companies/{id}/balance` (admins): the company's terms, its
 * open balance (unpaid on-account orders not cancelled), what is left of its credit, and those orders, oldest due
 * first.
 */
export const companyAccountSchema = z.object({
  companyId: z.string(),
  paymentTerms: z.enum(['card', 'net15', 'net30', 'net60']),
  /** Dollars; null: no limit. */
  creditLimit: z.number().nullable(),
  balance: z.number(),
  /** creditLimit - balance (never below 0); null without a limit. */
  available: z.number().nullable(),
  overdueCount: z.number().int(),
  overdueAmount: z.number(),
  openOrders: accountOrderSchema.array(),
});
export type CompanyAccount = z.infer<typeof companyAccountSchema>;

/**
 * `GET /api/company/approvals` (owners): the company's orders awaiting approval, oldest first, each with the reason it
 * waits (approvalReasonMessage, as its own `GET /api/orders/{id}/approval` says it), so the queue needs no call per order.
 */
export const approvalQueueItemSchema = orderSchema.extend({
  approvalReason: z.string().describe('Why it waits: the spending limit it passed'),
});
export type ApprovalQueueItem = z.infer<typeof approvalQueueItemSchema>;
export const approvalQueueSchema = approvalQueueItemSchema.array();
