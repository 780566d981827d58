// Webhooks (B2B §9): the events a receiver may subscribe to, the admin calls' bodies and answers.
import './zod-setup.js';
import { z } from 'zod';
import { idSchema } from './id.js';

/**
 * Every event name an endpoint may subscribe to. `order.approved` and `order.rejected` are a company owner's decision
 * on an order awaiting approval (B2B §5, modules/orders/approvals.ts).
 */
export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.paid',
  'order.approved',
  'order.rejected',
  'order.shipped',
  // B2B §14: a shipment that leaves units unshipped (`order.shipped` is the one that ships the last).
  'order.partially_shipped',
  'order.delivered',
  'order.cancelled',
  'order.expired',
  'product.created',
  'product.updated',
  'product.deleted',
  // B2B §10 (issue #29): a quote asked for, and an offer accepted (its order's `order.created` goes with it).
  'quote.requested',
  'quote.accepted',
  // B2B §14 (issue #51): a return asked for, authorized, rejected, received (refunded).
  'return.requested',
  'return.authorized',
  'return.rejected',
  'return.received',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, {
  error: `events must be names from: ${WEBHOOK_EVENT_TYPES.join(', ')}, or ["*"]`,
});

/** An empty list's message, which the admin's form puts in its own words (add-webhook-form.tsx). */
export const WEBHOOK_NO_EVENT_MESSAGE = 'events must name at least one event';

/** A list of names, or `["*"]` for every event (now and later); never empty, no name twice. */
export const webhookEventsSchema = z
  .union([z.tuple([z.literal('*')]), z.array(webhookEventTypeSchema).min(1, WEBHOOK_NO_EVENT_MESSAGE)], {
    error: `events must be names from: ${WEBHOOK_EVENT_TYPES.join(', ')}, or ["*"]`,
  })
  .refine((events) => new Set(events).size === events.length, 'events must not name an event twice');
export type WebhookEvents = z.infer<typeof webhookEventsSchema>;

export const WEBHOOK_URL_MAX_LENGTH = 2000;

const webhookUrlSchema = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX_LENGTH, `url must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
  .refine((url) => /^https?:\/\//i.test(url) && URL.canParse(url), 'url must be an http:// or https:// address');

export const webhookCreateSchema = z.object({
  url: webhookUrlSchema,
  events: webhookEventsSchema,
  description: z.string().trim().max(200, 'description must be at most 200 characters').optional(),
});
export type WebhookCreate = z.input<typeof webhookCreateSchema>;

export const webhookPatchSchema = z
  .object({
    url: webhookUrlSchema.optional(),
    events: webhookEventsSchema.optional(),
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
  })
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), 'Send url, events or enabled');
export type WebhookPatch = z.input<typeof webhookPatchSchema>;

export const webhookSchema = z.object({
  _id: idSchema,
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** Set when the shop disabled it after a day of failures (null when an admin did, or it is enabled). */
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The answer of `POST /api/admin/webhooks`: the only time the secret is shown. */
export const webhookCreatedSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

/** One delivery attempt, as the delivery log lists it (newest first). */
export const webhookDeliverySchema = z.object({
  eventId: z.string(),
  type: z.string(),
  attempt: z.number().int(),
  /** The receiver's HTTP status, or null when none came (refused, timed out, not allowed). */
  status: z.number().int().nullable(),
  /** The technical reason an attempt failed ("connect ECONNREFUSED 127.0.0.1:9", "HTTP 500"); null once delivered. */
  error: z.string().nullable(),
  /** The same failure in words an administrator can act on, with what to check (issue #47); null once delivered. */
  explanation: z.string().nullable(),
  at: z.string(),
  /** When it is tried again; null once delivered or given up. */
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
