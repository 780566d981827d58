// The audit trail (B2B §15, issue #52): who changed what, with the before and after and the request's id. The
// entry, the query of `GET /api/admin/audit` and its page, shared by the API (modules/audit) and the Audit page.
import './zod-setup.js';
import { z } from 'zod';
import { pageNumberSchema, pageSizeSchema } from './paging.js';

export const AUDIT_ACTOR_TYPES = ['user', 'apiKey'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

export const MAX_AUDIT_PAGE_SIZE = 100;
export const DEFAULT_AUDIT_PAGE_SIZE = 50;
/**
 * The most entries `total` counts: past it `total` stays at this number with `totalExact: false`. Counting costs a
 * step per entry (10,000 steps were most of a 30 ms answer at 1,000,000 entries on SQLite), so this keeps every
 * answer as cheap at 1,000,000 entries as at 1,000 (docs/product.md §35).
 */
export const AUDIT_COUNT_LIMIT = 1_000;
/** How deep a filter pages: skipping costs a step per entry too. Past it, narrow the filters (from, to). */
export const AUDIT_PAGE_DEPTH = 10_000;

export const auditMessages = {
  actorInvalid: 'actor must be a user id, an e-mail or an API key id',
  actionInvalid: 'action must look like product.updated',
  targetTypeInvalid: 'targetType must be a word such as product or order',
  targetIdInvalid: 'targetId must be at most 64 characters with no spaces',
  timeInvalid: (field: 'from' | 'to') => `${field} must be an ISO time (2026-03-31T12:00:00Z) or a date (2026-03-31)`,
  fromAfterTo: '"from" must not be after "to"',
  pageTooDeep: `page: only the first ${AUDIT_PAGE_DEPTH} entries of a filter are paged; narrow the filters (from, to)`,
  empty: 'No entries match these filters.',
} as const;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** An ISO time with its zone (Z or ±hh:mm), or a calendar date. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Whether `value` is a real date (2026-02-30 is not) or an ISO time that parses. */
function isTime(value: string): boolean {
  if (DATE_ONLY.test(value)) {
    const time = Date.parse(`${value}T00:00:00.000Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
  }
  return ISO_TIME.test(value) && !Number.isNaN(Date.parse(value));
}

/**
 * The instant a `from` or `to` names: a time as given; a date alone is that whole UTC day, so `from` is its first
 * instant and `to` its last millisecond. Answers milliseconds since the epoch.
 */
export function auditBound(value: string, side: 'from' | 'to'): number {
  if (!DATE_ONLY.test(value)) return Date.parse(value);
  const start = Date.parse(`${value}T00:00:00.000Z`);
  return side === 'from' ? start : start + 86_400_000 - 1;
}

const timeSchema = (field: 'from' | 'to') =>
  z.string({ error: auditMessages.timeInvalid(field) }).refine(isTime, auditMessages.timeInvalid(field));

/** Each filter's own rule, shared by the API's query and the Audit page's form. */
const filterFields = {
  actor: z
    .string({ error: auditMessages.actorInvalid })
    .trim()
    .min(1, auditMessages.actorInvalid)
    .max(254, auditMessages.actorInvalid)
    .regex(/^\S+$/, auditMessages.actorInvalid),
  action: z
    .string({ error: auditMessages.actionInvalid })
    .regex(/^[a-z][a-zA-Z]*\.[a-z][a-z_]*$/, auditMessages.actionInvalid)
    .max(64, auditMessages.actionInvalid),
  targetType: z
    .string({ error: auditMessages.targetTypeInvalid })
    .regex(/^[a-z][a-zA-Z]{0,31}$/, auditMessages.targetTypeInvalid),
  targetId: z.string({ error: auditMessages.targetIdInvalid }).regex(/^\S{1,64}$/, auditMessages.targetIdInvalid),
  from: timeSchema('from'),
  to: timeSchema('to'),
};

const fromNotAfterTo = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from || !q.to || auditBound(q.from, 'from') <= auditBound(q.to, 'to');

export const auditQuerySchema = z
  .object({
    actor: filterFields.actor.optional(),
    action: filterFields.action.optional(),
    targetType: filterFields.targetType.optional(),
    targetId: filterFields.targetId.optional(),
    from: filterFields.from.optional(),
    to: filterFields.to.optional(),
    page: pageNumberSchema.optional(),
    pageSize: pageSizeSchema(MAX_AUDIT_PAGE_SIZE).optional(),
  })
  .refine(fromNotAfterTo, { message: auditMessages.fromAfterTo, path: ['from'] })
  .refine((q) => ((q.page ?? 1) - 1) * (q.pageSize ?? DEFAULT_AUDIT_PAGE_SIZE) < AUDIT_PAGE_DEPTH, {
    message: auditMessages.pageTooDeep,
    path: ['page'],
  });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditActorSchema = z.object({
  type: z.enum(AUDIT_ACTOR_TYPES),
  /** The user's id, or the API key's. */
  id: z.string(),
  /** The person's e-mail; null for an API key. */
  email: z.string().nullable(),
  /** The person's name, or the key's name. */
  name: z.string(),
});
export type AuditActor = z.infer<typeof auditActorSchema>;

/** Each field that changed, in the API's names: [before, after] (null before a creation, null after a deletion). */
export const auditChangesSchema = z.record(
  z.string(),
  // An array of two rather than a tuple: the answers' serializer (fast-json-stringify) refuses tuples of unknowns.
  z.array(z.unknown()).length(2).describe('[before, after]'),
);
export type AuditChanges = z.infer<typeof auditChangesSchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: auditActorSchema,
  /** `{targetType}.{verb}`: product.updated, order.shipped, admin.granted ... */
  action: z.string(),
  targetType: z.string(),
  /** null for a table-wide change (a catalogue import). */
  targetId: z.string().nullable(),
  summary: z.string(),
  changes: auditChangesSchema.nullable(),
  /** The X-Request-Id of the answer to the change. */
  requestId: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  items: auditEntrySchema.array(),
  /** The entries the filters match, counted up to AUDIT_COUNT_LIMIT. */
  total: z.number().int(),
  /** false when there are more than AUDIT_COUNT_LIMIT entries (total is then that limit). */
  totalExact: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** An empty form field means "any": the field's rule applies only to what is typed. */
const orBlank = <T extends z.ZodType<string>>(field: T) => z.union([z.literal(''), field]);

/** The Audit page's filter form: every field a string, '' for no filter; from and to are dates or ISO times. */
export const auditFilterFormSchema = z
  .object({
    actor: orBlank(filterFields.actor),
    action: orBlank(filterFields.action),
    targetType: orBlank(filterFields.targetType),
    targetId: orBlank(filterFields.targetId),
    from: orBlank(filterFields.from),
    to: orBlank(filterFields.to),
  })
  .refine((q) => fromNotAfterTo({ from: q.from || undefined, to: q.to || undefined }), {
    message: auditMessages.fromAfterTo,
    path: ['from'],
  });
export type AuditFilterForm = z.input<typeof auditFilterFormSchema>;
export const AUDIT_FILTER_FIELDS = ['actor', 'action', 'targetType', 'targetId', 'from', 'to'] as const;
