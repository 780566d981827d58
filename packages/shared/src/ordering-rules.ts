// Business ordering's constants and messages without zod (B2B §3), so storefront pages can use them without the schema
// library.
import { MAX_QUANTITY } from './constants.js';

export const MAX_ORDER_LINES = 100;
export const MAX_PO_NUMBER_LENGTH = 35;
export const MAX_NOTE_LENGTH = 500;
export const DEFAULT_MAX_OPEN_ORDERS = 20;
export const MAX_CARRIER_LENGTH = 60;
export const MAX_TRACKING_NUMBER_LENGTH = 100;
export const MAX_PAYMENT_REFERENCE_LENGTH = 100;
export const MAX_CANCEL_REASON_LENGTH = 500;
/** How long an order awaiting payment or approval holds its stock before it expires (B2B §4): two days. */
export const DEFAULT_ORDER_HOLD_MINUTES = 2880;

export const orderingMessages = {
  unknownSku: 'unknown SKU',
  wholeQuantity: 'quantity must be a whole number',
  productNotFound: 'product not found',
  oneLinePerProduct: 'one line per product',
  cartEmpty: 'Your cart is empty',
  tooManyUnpaid: 'too many unpaid orders',
  noAccountTerms: 'Payment on account needs a company account with payment terms',
  linesInvalid: 'Some lines of the order cannot be ordered',
  poNumberInvalid: `poNumber must be at most ${MAX_PO_NUMBER_LENGTH} printable characters`,
  quantityTooLarge: `quantity must be at most ${MAX_QUANTITY}`,
  /** Adding to a cart line (quick order, reorder) whose quantity would pass MAX_QUANTITY. */
  cartLineTooLarge: `A cart line holds at most ${MAX_QUANTITY} of one product`,
  /** MAX_ORDER_TOTAL_CENTS in words. */
  orderTotalTooLarge: 'An order total may be at most $1,000,000,000,000.00',
} as const;

export const ORDER_STATUSES = [
  'pending',
  'awaiting_approval',
  'confirmed',
  'shipped',
  'delivered',
  'cancelled',
  'expired',
  'rejected',
  // B2B §14: some units shipped, some not yet.
  'partially_shipped',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

// Which statuses allow which step (B2B §4). The server enforces them (modules/orders/lifecycle.ts); the storefront
// shows only the buttons they allow, from the same lists.
/** Orders that hold stock awaiting payment or approval: the buyer may cancel them; they expire. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'awaiting_approval'];
/**
 * What an administrator may cancel: the open ones and those confirmed (a card payment is then refunded), and a partly
 * shipped one, whose unshipped units only are cancelled and credited (B2B §14).
 */
export const ADMIN_CANCELLABLE_STATUSES: readonly OrderStatus[] = [
  ...OPEN_ORDER_STATUSES,
  'confirmed',
  'partially_shipped',
];
/**
 * Orders that ended without going ahead: they owe nothing, paid or not (billing's open balance leaves them out) and
 * free their PO number (the checkout's PO check).
 */
export const CLOSED_ORDER_STATUSES: readonly OrderStatus[] = ['cancelled', 'expired', 'rejected'];
/** SPEC's DELETE: unpaid orders that reserve stock, or that ended without being paid. */
export const DELETABLE_ORDER_STATUSES: readonly OrderStatus[] = [...OPEN_ORDER_STATUSES, ...CLOSED_ORDER_STATUSES];
/** An on-account order may be marked paid once confirmed, also after it left the warehouse (net terms). */
export const PAYABLE_ON_ACCOUNT_STATUSES: readonly OrderStatus[] = [
  'confirmed',
  'shipped',
  'delivered',
  'partially_shipped',
];
/** B2B §14: an order takes a shipment while units remain unshipped. */
export const SHIPPABLE_ORDER_STATUSES: readonly OrderStatus[] = ['confirmed', 'partially_shipped'];
/** B2B §4's deliver (every shipment made so far) and §14's deliver of one shipment. */
export const DELIVERABLE_ORDER_STATUSES: readonly OrderStatus[] = ['shipped', 'partially_shipped'];
/** B2B §14: the orders that have shipments (a cancel of a partly shipped order ends `shipped` or `delivered`). */
export const SHIPMENT_STATUSES: readonly OrderStatus[] = ['partially_shipped', 'shipped', 'delivered'];
/** The most shipments one order may have: one per unit is never needed, 100 is plenty. */
export const MAX_SHIPMENTS_PER_ORDER = 100;
