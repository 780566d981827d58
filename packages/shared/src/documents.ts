// Order documents (B2B §6): the orders CSV's columns and filters.
import './zod-setup.js';
import { z } from 'zod';
import { orderStatusSchema } from './ordering.js';

/** The orders CSV's header, in this order: one row per order line. */
export const ORDERS_CSV_HEADER = [
  'orderId',
  'createdAt',
  'status',
  'poNumber',
  'email',
  'company',
  'sku',
  'name',
  'quantity',
  'unitPrice',
  'lineTotal',
  'orderTotal',
  'paid',
  // B2B §11: added at the end, so readers of the older columns by position keep working.
  'orderNumber',
  // B2B §13, after orderNumber: the subtotal (net) and tax of the order; the country whose rate applied.
  'subtotal',
  'taxTotal',
  'country',
] as const;

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must look like 2026-03-31')
  .refine((day) => {
    const time = Date.parse(`${day}T00:00:00.000Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(day);
  }, 'That date does not exist');

/** `GET /orders.csv`: orders created from `from` to `to`, both whole UTC days and inclusive, optionally of one status. */
export const ordersCsvQuerySchema = z
  .object({
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    status: orderStatusSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: '"from" must not be after "to"', path: ['from'] });
export type OrdersCsvQuery = z.infer<typeof ordersCsvQuerySchema>;
