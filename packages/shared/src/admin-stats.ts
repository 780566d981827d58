// The admin's figures (B2B §8, GET /api/admin/stats): the query, the answer and the bounds both sides share.
import './zod-setup.js';
import { z } from 'zod';
import { calendarDay } from './documents.js';
import { ORDER_STATUSES } from './ordering-rules.js';

/** Without `from`, the range is this many days ending on `to` (today, UTC, by default), today included. */
export const DEFAULT_STATS_DAYS = 30;
/** The longest range one call may ask for: a leap year, so "this year" and "the last 12 months" always fit. */
export const MAX_STATS_DAYS = 366;
/** How many products topProducts lists at most. */
export const TOP_PRODUCTS_LIMIT = 10;
/** How many products lowStock lists at most, the fewest in stock first. */
export const LOW_STOCK_LIMIT = 50;

/**
 * The days a range may name (#47): `to=0000-01-01` answered day labels like "-000001-12". A shop's figures begin
 * after 2000 and a report looks back, not decades ahead; both ends are fixed, so the page checks them before asking.
 */
export const STATS_FIRST_DAY = '2000-01-01';
export const STATS_LAST_DAY = '2099-12-31';

const statsDay = (field: 'from' | 'to') =>
  calendarDay.refine(
    (day) => day >= STATS_FIRST_DAY && day <= STATS_LAST_DAY,
    `"${field}" must be a day from ${STATS_FIRST_DAY} to ${STATS_LAST_DAY}`,
  );

/** `GET /api/admin/stats`: whole UTC days, both included; the span and defaults are checked by the server. */
export const adminStatsQuerySchema = z
  .object({ from: statsDay('from').optional(), to: statsDay('to').optional() })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: '"from" must not be after "to"', path: ['from'] });
export type AdminStatsQuery = z.infer<typeof adminStatsQuerySchema>;

/** Money owed on account: dollars to the exact cent, how many orders and how many companies owe it. */
const owedSchema = z.object({ total: z.number(), orders: z.number().int(), companies: z.number().int() });

export const adminStatsSchema = z.object({
  /** Every day of the range in order, a day without paid orders with total 0; dollars to the exact cent. */
  revenue: z.object({ day: z.string(), total: z.number() }).array(),
  /** B2B §13: revenue (and topProducts' revenue) is net of tax; this is the tax of the orders it counts. */
  taxTotal: z.number(),
  /** Orders created in the range, every status named (0 when none). */
  ordersByStatus: z.record(z.enum(ORDER_STATUSES), z.number().int()),
  topProducts: z
    .object({ productId: z.string().nullable(), name: z.string(), units: z.number().int(), revenue: z.number() })
    .array(),
  lowStock: z
    .object({
      productId: z.string(),
      name: z.string(),
      availableQuantity: z.number().int(),
      /** The product's minimum order quantity (the API's `quantity`). */
      quantity: z.number().int(),
    })
    .array(),
  /**
   * Owed on account now, whatever the range (#47): `open` is every company's open balance (unpaid on-account orders
   * not cancelled, expired or rejected, awaiting approval included), `overdue` the part of it due before `asOf`
   * (today, UTC).
   */
  receivables: z.object({ asOf: z.string(), open: owedSchema, overdue: owedSchema }),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
