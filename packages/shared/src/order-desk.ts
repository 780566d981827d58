// The order desk's schemas (B2B §11): the order search's query and page.
import './zod-setup.js';
import { z } from 'zod';
import { calendarDay } from './documents.js';
import { orderSchema } from './entities.js';
import { orderStatusSchema } from './ordering.js';
import { pageNumberSchema, pageSizeSchema } from './paging.js';

export const ORDER_SEARCH_SORTS = ['newest', 'oldest', 'total-desc', 'total-asc'] as const;
export type OrderSearchSort = (typeof ORDER_SEARCH_SORTS)[number];
export const MAX_ORDER_PAGE_SIZE = 100;
export const DEFAULT_ORDER_PAGE_SIZE = 20;
export const MAX_ORDER_SEARCH_LENGTH = 100;

/** `GET /api/orders/search`: every field optional; `from`/`to` are whole UTC days, both included. */
export const orderSearchQuerySchema = z
  .object({
    q: z
      .string()
      .trim()
      .max(MAX_ORDER_SEARCH_LENGTH, `q must be at most ${MAX_ORDER_SEARCH_LENGTH} characters`)
      .optional()
      .transform((v) => (v ? v : undefined)),
    status: orderStatusSchema.optional(),
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    sort: z.enum(ORDER_SEARCH_SORTS, { error: `sort must be one of ${ORDER_SEARCH_SORTS.join(', ')}` }).optional(),
    page: pageNumberSchema.optional(),
    pageSize: pageSizeSchema(MAX_ORDER_PAGE_SIZE).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: '"from" must not be after "to"', path: ['from'] });
export type OrderSearchQuery = z.infer<typeof orderSearchQuerySchema>;

export const orderSearchPageSchema = z.object({
  items: orderSchema.array(),
  /** Every order the search matches, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OrderSearchPage = z.infer<typeof orderSearchPageSchema>;
