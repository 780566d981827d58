// Quotes (B2B §10, issue #29): a buyer asks for a price, the shop offers one, the buyer accepts and it becomes an order
// at that price. The calls' bodies and answers and the messages people see, shared by the API (modules/quotes) and the
// storefront's quote screens.
import './zod-setup.js';
import { z } from 'zod';
import { MAX_PRICE_DOLLARS, MAX_QUANTITY, MAX_TEXT_LENGTH } from './constants.js';
import { idSchema } from './id.js';
import { positiveDollars } from './money.js';
import { pageNumberSchema, pageSizeSchema } from './paging.js';
import { checkoutBodySchema } from './ordering.js';
import { MAX_ORDER_LINES, orderingMessages } from './ordering-rules.js';
import { rejectOrderSchema } from './company-ordering.js';

/**
 * A quote's statuses: `requested` (awaits the shop's offer), `offered` (the buyer may accept until validUntil),
 * `accepted` (an order was placed: orderId), `declined` (by the buyer), `cancelled` (by the buyer before accepting),
 * `rejected` (the shop will not offer), `expired` (an offer's validUntil passed).
 */
export const QUOTE_STATUSES = [
  'requested',
  'offered',
  'accepted',
  'declined',
  'cancelled',
  'rejected',
  'expired',
] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const quoteStatusSchema = z.enum(QUOTE_STATUSES);

// Which statuses allow which step (B2B §10). The server enforces them; the storefront shows only the buttons they allow.
/** The shop may offer (or offer again, replacing the offer) from these. */
export const QUOTE_OFFERABLE_STATUSES: readonly QuoteStatus[] = ['requested', 'offered'];
/** The buyer's side may cancel from these. */
export const QUOTE_CANCELLABLE_STATUSES: readonly QuoteStatus[] = ['requested', 'offered'];
/** The buyer's side may accept or decline only an `offered` quote (and accept only before validUntil). */
export const QUOTE_ACCEPTABLE_STATUSES: readonly QuoteStatus[] = ['offered'];
/** The shop may reject only a `requested` quote. */
export const QUOTE_REJECTABLE_STATUSES: readonly QuoteStatus[] = ['requested'];
/** Quotes still being negotiated: messages may be added to any quote, but these are the ones that await someone. */
export const OPEN_QUOTE_STATUSES: readonly QuoteStatus[] = ['requested', 'offered'];

/** An offer is valid for at most this many days from the moment it is made. */
export const MAX_QUOTE_VALID_DAYS = 90;
export const MAX_QUOTE_MESSAGE_LENGTH = MAX_TEXT_LENGTH;
export const MAX_QUOTE_NOTE_LENGTH = MAX_TEXT_LENGTH;
export const MAX_QUOTE_REASON_LENGTH = 500;
/** GET /api/quotes answers at most this many quotes a page, newest first (and this many without `pageSize`). */
export const QUOTES_LIST_LIMIT = 500;
/**
 * A quote's thread holds at most this many messages written by each side (POST /messages), so one side can neither
 * grow a thread without bound nor fill it to silence the other (docs/product.md §31).
 */
export const MAX_QUOTE_MESSAGES_PER_SIDE = 100;
/** One person writes at most QUOTE_MESSAGE_RATE.messages messages in any QUOTE_MESSAGE_RATE.minutes, over all quotes. */
export const QUOTE_MESSAGE_RATE = { messages: 10, minutes: 10 } as const;
/** The other side is mailed about new messages at most once per quote in each window of this many minutes. */
export const QUOTE_MESSAGE_MAIL_MINUTES = 10;

export const quoteMessages = {
  notFound: 'Quote not found',
  targetPriceInvalid: `targetPrice must be a positive amount in dollars with at most two decimals, at most ${MAX_PRICE_DOLLARS}`,
  unitPriceInvalid: `unitPrice must be a positive amount in dollars with at most two decimals, at most ${MAX_PRICE_DOLLARS}`,
  validUntilInvalid: 'validUntil must be an ISO 8601 date and time, e.g. 2026-12-31T23:59:59Z',
  validUntilPast: 'validUntil must be in the future',
  validUntilTooFar: `validUntil must be within ${MAX_QUOTE_VALID_DAYS} days`,
  offerLinesMismatch: "An offer prices every line of the quote exactly once, and only the quote's lines",
  textInvalid: `text must be 1-${MAX_QUOTE_MESSAGE_LENGTH} characters`,
  expired: 'This offer has expired: ask for a new quote',
  viewerRefusal: 'Your company role is viewer: you can read its quotes but not ask, accept, decline or cancel',
  cartEmpty: orderingMessages.cartEmpty,
  threadFull: `A quote's thread holds at most ${MAX_QUOTE_MESSAGES_PER_SIDE} messages from each side: ask for a new quote to go on`,
  tooManyMessages: (minutes: number) =>
    `At most ${QUOTE_MESSAGE_RATE.messages} messages in ${QUOTE_MESSAGE_RATE.minutes} minutes: wait ${minutes} minute${minutes === 1 ? '' : 's'} and write again`,
  offerChanged: 'This offer was replaced while you accepted it: read the new offer and accept again',
} as const;

const quantitySchema = z
  .number({ error: orderingMessages.wholeQuantity })
  .int(orderingMessages.wholeQuantity)
  .min(1, 'quantity must be at least 1')
  .max(MAX_QUANTITY, `quantity must be at most ${MAX_QUANTITY}`);

const noteSchema = z
  .string({ error: 'note must be text' })
  .trim()
  .max(MAX_QUOTE_NOTE_LENGTH, `note must be at most ${MAX_QUOTE_NOTE_LENGTH} characters`)
  .regex(/^(?:[^\p{Cc}]|\r?\n)*$/u, 'note must be printable text')
  .optional()
  .transform((v) => (v ? v : undefined));

/** One line of a quote: what was asked, the price list's unit price for it, and the shop's offered price. */
export const quoteLineSchema = z.object({
  /** Null once the product is deleted; sku and name keep what was asked for. */
  productId: idSchema.nullable(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /**
   * Dollars: the unit price the requester would have paid for this quantity through the cart when asking (price break,
   * and for members the contract price when lower), kept as it was.
   */
  listUnitPrice: z.number(),
  /** Dollars the buyer hopes for, or null. */
  targetPrice: z.number().nullable(),
  /** Dollars offered by the shop; null until offered. */
  unitPrice: z.number().nullable(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const QUOTE_MESSAGE_AUTHORS = ['buyer', 'seller'] as const;
export type QuoteMessageAuthor = (typeof QUOTE_MESSAGE_AUTHORS)[number];

/** One message of a quote's thread, oldest first. */
export const quoteMessageSchema = z.object({
  author: z.enum(QUOTE_MESSAGE_AUTHORS),
  /** The writer's name as it was when written. */
  name: z.string(),
  text: z.string(),
  at: z.string(),
});
export type QuoteMessage = z.infer<typeof quoteMessageSchema>;

export const quoteSchema = z.object({
  _id: idSchema,
  /** Q-{year}-{000001}, in sequence without gaps. */
  number: z.string(),
  status: quoteStatusSchema,
  lines: quoteLineSchema.array(),
  note: z.string().nullable(),
  messages: quoteMessageSchema.array(),
  /** The requester's company when asked (members see it), or null. */
  companyId: z.string().nullable(),
  /** The requester's e-mail. */
  email: z.string(),
  /** When an offer stops being acceptable; null until offered. */
  validUntil: z.string().nullable(),
  /** The order placed by accepting; null before. */
  orderId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The requester's name (for the shop's list). */
  userName: z.string(),
  /** The company's name when companyId is set. */
  companyName: z.string().nullable(),
  /** Dollars: the offered total (sum of unitPrice x quantity, in cents); null until offered. */
  offeredTotal: z.number().nullable(),
  /** Dollars: the listUnitPrice total. */
  listTotal: z.number(),
  /** Why it was declined or rejected, as said; null otherwise. */
  reason: z.string().nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;

/**
 * One quote of `GET /api/quotes`: the quote without its thread (only `GET /api/quotes/{id}` answers the messages) and
 * how many messages the thread holds.
 */
export const quoteSummarySchema = quoteSchema.omit({ messages: true }).extend({ messageCount: z.number().int() });
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;
export const quoteListSchema = quoteSummarySchema.array();

const quoteLinesSchema = z
  .array(
    z.object({
      productId: idSchema,
      quantity: quantitySchema,
      targetPrice: positiveDollars(quoteMessages.targetPriceInvalid).nullish(),
    }),
    { error: 'lines must be a list' },
  )
  .min(1, 'a quote needs at least one line')
  .max(MAX_ORDER_LINES, `at most ${MAX_ORDER_LINES} lines`)
  .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, orderingMessages.oneLinePerProduct);

/** `POST /api/quotes`. Quantities follow B2B §2's minimum and pack size, but may pass the stock and maxQuantity. */
export const quoteCreateSchema = z.object({ lines: quoteLinesSchema, note: noteSchema });
export type QuoteCreate = z.input<typeof quoteCreateSchema>;

/** `POST /api/cart/quote`: the cart's lines become the quote's; the body and the note are optional. */
export const cartQuoteSchema = z.object({ note: noteSchema }).nullish();
export type CartQuote = z.input<typeof cartQuoteSchema>;

/** `POST /api/quotes/{id}/offer` (admin). */
export const quoteOfferSchema = z.object({
  lines: z
    .array(z.object({ productId: idSchema, unitPrice: positiveDollars(quoteMessages.unitPriceInvalid) }), {
      error: 'lines must be a list',
    })
    .min(1, quoteMessages.offerLinesMismatch)
    .max(MAX_ORDER_LINES, quoteMessages.offerLinesMismatch),
  /** ISO 8601 date and time (with Z or an offset); in the future, at most MAX_QUOTE_VALID_DAYS days ahead. */
  validUntil: z.iso.datetime({ offset: true, error: quoteMessages.validUntilInvalid }),
  message: z
    .string({ error: quoteMessages.textInvalid })
    .trim()
    .max(MAX_QUOTE_MESSAGE_LENGTH, quoteMessages.textInvalid)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type QuoteOffer = z.input<typeof quoteOfferSchema>;

/** `POST /api/quotes/{id}/accept`: the checkout's fields (B2B §3) except the note. */
export const quoteAcceptSchema = checkoutBodySchema.pick({
  phone: true,
  address: true,
  poNumber: true,
  paymentTerms: true,
  // B2B §12: where the accepted order goes, by the order's own rules.
  shipTo: true,
});
export type QuoteAccept = z.input<typeof quoteAcceptSchema>;

/** `POST /api/quotes/{id}/decline`; the body and the reason are optional. */
export const quoteDeclineSchema = z
  .object({
    reason: z
      .string({ error: 'reason must be text' })
      .trim()
      .max(MAX_QUOTE_REASON_LENGTH, `reason must be at most ${MAX_QUOTE_REASON_LENGTH} characters`)
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  .nullish();
export type QuoteDecline = z.input<typeof quoteDeclineSchema>;

/** `POST /api/quotes/{id}/reject` (admin): the reason is required, and the requester reads it. */
export const quoteRejectSchema = rejectOrderSchema;
export type QuoteReject = z.input<typeof quoteRejectSchema>;

/** `POST /api/quotes/{id}/messages`. */
export const quoteMessageCreateSchema = z.object({
  text: z
    .string({ error: quoteMessages.textInvalid })
    .trim()
    .min(1, quoteMessages.textInvalid)
    .max(MAX_QUOTE_MESSAGE_LENGTH, quoteMessages.textInvalid),
});
export type QuoteMessageCreate = z.input<typeof quoteMessageCreateSchema>;

/**
 * `GET /api/quotes?status=&page=&pageSize=`: newest first, `pageSize` quotes from page `page` (defaults 1 and
 * QUOTES_LIST_LIMIT, so a call without them answers as it always did).
 */
export const quotesQuerySchema = z.object({
  status: z.enum(QUOTE_STATUSES, { error: `status must be one of ${QUOTE_STATUSES.join(', ')}` }).optional(),
  page: pageNumberSchema.optional(),
  pageSize: pageSizeSchema(QUOTES_LIST_LIMIT).optional(),
});
export type QuotesQuery = z.infer<typeof quotesQuerySchema>;
