// Business ordering's constants and messages without zod (B2B §3), so storefront pages can use them without the schema
// library.

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
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
