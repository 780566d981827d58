// Business ordering's schemas (B2B §3): orders of several lines, the cart, quick order lines, and the order answer's
// B2B fields. Constants and messages are in ordering-rules.ts.
import './zod-setup.js';
import { z } from 'zod';
import { taxFieldsSchema } from './tax.js';
import {
  MAX_FIELD_LENGTH,
  MAX_NAME_LENGTH,
  MAX_QUANTITY,
  ADDRESS_CONTROL_MESSAGE,
  ADDRESS_PATTERN,
  SINGLE_LINE_PATTERN,
  singleLineMessage,
} from './constants.js';
import { idSchema } from './id.js';
import { messages } from './messages.js';
import {
  MAX_CANCEL_REASON_LENGTH,
  MAX_CARRIER_LENGTH,
  MAX_NOTE_LENGTH,
  MAX_ORDER_LINES,
  MAX_PAYMENT_REFERENCE_LENGTH,
  MAX_PO_NUMBER_LENGTH,
  MAX_TRACKING_NUMBER_LENGTH,
  ORDER_STATUSES,
  orderingMessages,
} from './ordering-rules.js';

export const orderStatusSchema = z.enum(ORDER_STATUSES);

export const orderLineSchema = z.object({
  /** Null once the product is deleted; sku and name keep what was ordered. */
  productId: idSchema.nullable(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  /** Dollars, the price break that applied when ordered. */
  unitPrice: z.number(),
  lineTotal: z.number(),
  /** B2B §14: units of this line shipped so far, and cancelled before they shipped. */
  shippedQuantity: z.number().int(),
  cancelledQuantity: z.number().int(),
  /** B2B §14: units received back by returns. */
  returnedQuantity: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** B2B §14: one shipment of an order, numbered {orderNumber}-S1, -S2... */
export const shipmentSchema = z.object({
  _id: z.string(),
  number: z.string(),
  lines: z.object({ productId: idSchema.nullable(), sku: z.string(), quantity: z.number().int() }).array(),
  /** Null only on a shipment recorded before carriers were required (none the API makes). */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  shippedAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/**
 * B2B §12's `shipTo`: one of `{ locationId }`, `{ addressId }` or `{ address }`. The address itself is checked by the
 * API against the country lists of `@kestrel/shared/ship-to` (kept out of this index and the home bundle).
 */
export const shipToChoiceSchema = z
  .object(
    {
      locationId: z
        .string()
        .regex(/^[0-9a-f]{24}$/, 'shipTo.locationId must be a 24-character id')
        .optional(),
      addressId: z
        .string()
        .regex(/^[0-9a-f]{24}$/, 'shipTo.addressId must be a 24-character id')
        .optional(),
      address: z.unknown().optional(),
    },
    { error: 'shipTo must be an object' },
  )
  .refine(
    (v) => [v.locationId, v.addressId, v.address].filter((x) => x !== undefined).length === 1,
    'shipTo takes exactly one of locationId, addressId or address',
  );
export type ShipToChoice = z.infer<typeof shipToChoiceSchema>;

/** POST /api/cart/totals (B2B §13): where the order would go, checked as the order checks it; none: no ship-to. */
export const cartTotalsBodySchema = z.object({ shipTo: shipToChoiceSchema.optional() });

/**
 * A B2B §12 address as the API answers it: every part present, the optional ones null. Here rather than in
 * `@kestrel/shared/ship-to` (which checks addresses against the country lists) so an order's answer needs no lists.
 */
export const addressAnswerSchema = z.object({
  name: z.string().nullable(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  postalCode: z.string(),
  region: z.string().nullable(),
  country: z.string(),
});

export type AddressAnswer = z.infer<typeof addressAnswerSchema>;

/** The copy of the ship-to address an order keeps (B2B §12), or null for an order placed without one. */
export const orderShipToSchema = addressAnswerSchema.extend({ locationId: z.string().nullable() }).nullable();
export type OrderShipTo = z.infer<typeof orderShipToSchema>;

/** The fields B2B §3 adds to every order answer. */
export const orderB2BFieldsSchema = z.object({
  /** B2B §11: SO-{year}-{000001}, the number people quote (unique, in creation order, may skip). */
  number: z.string(),
  lines: orderLineSchema.array(),
  poNumber: z.string().nullable(),
  note: z.string().nullable(),
  status: orderStatusSchema,
  statusHistory: z.object({ status: orderStatusSchema, at: z.string() }).array(),
  paymentTerms: z.enum(['card', 'account']),
  dueDate: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** B2B §14: the latest shipment's. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** B2B §14: the order's shipments, oldest first. */
  shipments: shipmentSchema.array(),
  invoiceNumber: z.string().nullable(),
  companyId: z.string().nullable(),
  /** B2B §4: a cancelled order's card payment was refunded through the provider. */
  refunded: z.boolean(),
  /** Why it was cancelled, as the canceller said; null when no reason was given or it was not cancelled. */
  cancelReason: z.string().nullable(),
  /** B2B §11: the credit note issued when this invoiced order was cancelled or refunded (CN-{year}-{000001}). */
  creditNoteNumber: z.string().nullable(),
  /** B2B §10: the quote whose acceptance placed this order, or null. */
  quoteId: z.string().nullable(),
  /** B2B §17: 'punchout' for the order a procurement system's OrderRequest placed, 'web' for every other. */
  source: z.enum(['web', 'punchout']),
  /** B2B §12: the ship-to address as it was at placement, or null. */
  shipTo: orderShipToSchema,
  /** B2B §13: the subtotal (net), the tax as decided at placement; SPEC's `price` is subtotal + taxTotal. */
  ...taxFieldsSchema.shape,
  /** The time of the order's latest change of any kind (B2B §9's poll follows it). */
  updatedAt: z.string(),
  /** Issue 47: when it was paid (by card, or marked paid on account); present once the order is paid. */
  paidAt: z.string().optional(),
  /** Issue 47: the reference an administrator gave when marking an on-account order paid (the bank transfer's). */
  paidReference: z.string().nullable().optional(),
});

/** A line's quantity: a whole number from 1 to MAX_QUANTITY (orders, the cart, requisition lists). */
export const lineQuantitySchema = z
  .number({ error: orderingMessages.wholeQuantity })
  .int(orderingMessages.wholeQuantity)
  .min(1, 'quantity must be at least 1')
  .max(MAX_QUANTITY, `quantity must be at most ${MAX_QUANTITY}`);

const productLinesSchema = z
  .array(z.object({ productId: idSchema, quantity: lineQuantitySchema }), { error: 'lines must be a list' })
  .max(MAX_ORDER_LINES, `at most ${MAX_ORDER_LINES} lines`)
  .refine((lines) => new Set(lines.map((l) => l.productId)).size === lines.length, orderingMessages.oneLinePerProduct);

/** What checkout adds to the lines: where the goods go and the buyer's references. */
export const checkoutBodySchema = z.object({
  phone: z
    .string({ error: messages.order.phoneRequired })
    .trim()
    .min(1, messages.order.phoneRequired)
    .max(40, 'phone must be at most 40 characters')
    .regex(SINGLE_LINE_PATTERN, singleLineMessage('phone')),
  address: z
    .string({ error: messages.order.addressRequired })
    .trim()
    .min(1, messages.order.addressRequired)
    .max(MAX_FIELD_LENGTH, `address must be at most ${MAX_FIELD_LENGTH} characters`)
    .regex(ADDRESS_PATTERN, ADDRESS_CONTROL_MESSAGE),
  poNumber: z
    .string()
    .trim()
    .max(MAX_PO_NUMBER_LENGTH, orderingMessages.poNumberInvalid)
    .regex(/^[\x20-\x7e]*$/, orderingMessages.poNumberInvalid)
    .optional()
    .transform((v) => (v ? v : undefined)),
  note: z
    .string()
    .trim()
    .max(MAX_NOTE_LENGTH, `note must be at most ${MAX_NOTE_LENGTH} characters`)
    .optional()
    .transform((v) => (v ? v : undefined)),
  paymentTerms: z.enum(['card', 'account'], { error: "paymentTerms must be 'card' or 'account'" }).optional(),
  shipTo: shipToChoiceSchema.optional(),
});
export type CheckoutBody = z.input<typeof checkoutBodySchema>;

/** `POST /api/orders`: an order straight from its lines, without the cart. */
export const ordersCreateSchema = checkoutBodySchema.extend({
  lines: productLinesSchema.min(1, 'an order needs at least one line'),
});
export type OrdersCreate = z.input<typeof ordersCreateSchema>;

/** Every bad line of an order, by its position in the request. */
export const orderLineErrorSchema = z.object({ index: z.number().int(), productId: z.string(), message: z.string() });
export const orderLinesErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), lines: orderLineErrorSchema.array().optional() }),
});

export const cartLineSchema = z.object({
  productId: idSchema,
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  lineTotal: z.number(),
  /** Null, or why this quantity cannot be ordered now (B2B §2's message). */
  problem: z.string().nullable(),
  /** A member's line of a product with a contract price (B2B §5): the list price and the contract price, in dollars. */
  listPrice: z.number().optional(),
  contractPrice: z.number().optional(),
});
export type CartLine = z.infer<typeof cartLineSchema>;
export const cartSchema = z.object({ lines: cartLineSchema.array(), total: z.number() });
export type Cart = z.infer<typeof cartSchema>;

export const cartRejectedSchema = z.object({ index: z.number().int(), sku: z.string(), message: z.string() });
/** The cart after lines were added, with the lines that could not be (unknown SKU, not a whole quantity). */
export const cartWithRejectedSchema = cartSchema.extend({ rejected: cartRejectedSchema.array() });
export type CartWithRejected = z.infer<typeof cartWithRejectedSchema>;

/** `PUT /api/cart`: the whole cart. */
export const cartPutSchema = z.object({ lines: productLinesSchema });
export type CartPut = z.input<typeof cartPutSchema>;

/** `POST /api/cart/lines`: lines by SKU (quick order); each line is judged on its own, so its fields stay loose. */
export const cartAddSchema = z.object({
  lines: z
    .array(z.object({ sku: z.string().max(MAX_NAME_LENGTH), quantity: z.unknown() }), { error: 'lines must be a list' })
    .min(1, 'send at least one line')
    .max(MAX_ORDER_LINES, `at most ${MAX_ORDER_LINES} lines`),
});
export type CartAdd = z.input<typeof cartAddSchema>;

/** One line of printable text, trimmed, required: a carrier name, a tracking number, a payment reference. */
function requiredText(field: string, max: number) {
  const message = `${field} must be 1-${max} printable characters`;
  return z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, message)
    .regex(/^\P{Cc}*$/u, message);
}

/** `POST /api/orders/{id}/ship` (B2B §4). */
export const shipOrderSchema = z.object({
  carrier: requiredText('carrier', MAX_CARRIER_LENGTH),
  trackingNumber: requiredText('trackingNumber', MAX_TRACKING_NUMBER_LENGTH),
});
export type ShipOrder = z.input<typeof shipOrderSchema>;

/** `POST /api/orders/{id}/shipments` (B2B §14): which units go, by product, with the carrier and tracking. */
export const createShipmentSchema = shipOrderSchema.extend({
  lines: z
    .array(z.object({ productId: z.string({ error: 'productId is required' }), quantity: z.unknown() }), {
      error: 'lines must be a list',
    })
    .min(1, 'a shipment needs at least one line')
    .max(MAX_ORDER_LINES, `at most ${MAX_ORDER_LINES} lines`),
});
export type CreateShipment = z.input<typeof createShipmentSchema>;
/** `POST /api/orders/{id}/shipments/{shipmentId}/deliver`. */
export const shipmentParamsSchema = z.object({ id: idSchema, shipmentId: idSchema });

/** `POST /api/orders/{id}/mark-paid`: the bank transfer's reference of an on-account payment. */
export const markPaidSchema = z.object({ reference: requiredText('reference', MAX_PAYMENT_REFERENCE_LENGTH) });
export type MarkPaid = z.input<typeof markPaidSchema>;

/** `POST /api/orders/{id}/cancel`; the body and the reason are optional. */
export const cancelOrderSchema = z
  .object({
    reason: z
      .string({ error: 'reason must be text' })
      .trim()
      .max(MAX_CANCEL_REASON_LENGTH, `reason must be at most ${MAX_CANCEL_REASON_LENGTH} characters`)
      .optional()
      .transform((v) => (v ? v : undefined)),
  })
  // No body at all arrives as null.
  .nullish();
export type CancelOrder = z.input<typeof cancelOrderSchema>;

/** `GET /api/order?status=`: the admin's list, optionally of one status. */
export const orderStatusQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
});
