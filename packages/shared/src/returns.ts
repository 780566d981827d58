// Returns (RMA, B2B §14): the request, the shop's transitions and the return as the API answers it.
import './zod-setup.js';
import { z } from 'zod';
import { idSchema } from './id.js';
import { MAX_ORDER_LINES } from './ordering-rules.js';
import { lineQuantitySchema } from './ordering.js';

/** A return's statuses, in the order they happen: asked, accepted (goods may be sent), refused, goods received. */
export const RETURN_STATUSES = ['requested', 'authorized', 'rejected', 'received'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
/** Returns still holding their units: a unit in one of these cannot be asked back again. */
export const HOLDING_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'authorized', 'received'];
/** `RETURN_DAYS`' default: units may be asked back for 30 whole days after their shipment's delivery. */
export const DEFAULT_RETURN_DAYS = 30;
export const MAX_RETURN_REASON_LENGTH = 500;
export const MAX_RETURN_NOTE_LENGTH = 500;

export const returnStatusSchema = z.enum(RETURN_STATUSES);

const reasonText = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(MAX_RETURN_REASON_LENGTH, `${field} must be at most ${MAX_RETURN_REASON_LENGTH} characters`);

const oneLinePerProduct = (lines: { productId: string }[]) =>
  new Set(lines.map((l) => l.productId)).size === lines.length;

/** `POST /api/orders/{id}/returns`: the units asked back, each with why, and an optional note. */
export const returnRequestSchema = z.object({
  lines: z
    .array(z.object({ productId: idSchema, quantity: lineQuantitySchema, reason: reasonText('reason') }), {
      error: 'lines must be a list',
    })
    .min(1, 'a return needs at least one line')
    .max(MAX_ORDER_LINES, `at most ${MAX_ORDER_LINES} lines`)
    .refine(oneLinePerProduct, 'one line per product'),
  note: z
    .string({ error: 'note must be text' })
    .trim()
    .max(MAX_RETURN_NOTE_LENGTH, `note must be at most ${MAX_RETURN_NOTE_LENGTH} characters`)
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type ReturnRequest = z.input<typeof returnRequestSchema>;

/** `POST /api/returns/{id}/reject`. */
export const returnRejectSchema = z.object({ reason: reasonText('reason') });
export type ReturnReject = z.input<typeof returnRejectSchema>;

/**
 * `POST /api/returns/{id}/receive`: per line of the return, how many units arrived (0 to the line's quantity) and
 * whether they go back on the shelf. A line not named received nothing.
 */
export const returnReceiveSchema = z.object({
  lines: z
    .array(
      z.object({
        productId: idSchema,
        quantity: z
          .number({ error: 'quantity must be a whole number' })
          .int('quantity must be a whole number')
          .min(0, 'quantity must be at least 0'),
        restock: z.boolean({ error: 'restock must be true or false' }),
      }),
      { error: 'lines must be a list' },
    )
    .min(1, 'name at least one line received')
    .max(MAX_ORDER_LINES, `at most ${MAX_ORDER_LINES} lines`)
    .refine(oneLinePerProduct, 'one line per product'),
});
export type ReturnReceive = z.input<typeof returnReceiveSchema>;

/** `GET /api/returns?status=&orderId=` (orderId: one order's returns, for the order pages). */
export const returnsQuerySchema = z.object({
  status: z.enum(RETURN_STATUSES, { error: `status must be one of ${RETURN_STATUSES.join(', ')}` }).optional(),
  orderId: idSchema.optional(),
});
export type ReturnsQuery = z.infer<typeof returnsQuerySchema>;

export const returnLineSchema = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int(),
  reason: z.string(),
  receivedQuantity: z.number().int(),
  restockedQuantity: z.number().int(),
});
export type ReturnLine = z.infer<typeof returnLineSchema>;

/** A return as every call answers it (B2B §14). Money in dollars; `refundTotal` is 0 until it is received. */
export const returnSchema = z.object({
  _id: z.string(),
  /** RMA-{year}-{000001}, in sequence. */
  number: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  status: returnStatusSchema,
  lines: returnLineSchema.array(),
  note: z.string().nullable(),
  refundTotal: z.number(),
  creditNoteNumber: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Return = z.infer<typeof returnSchema>;
