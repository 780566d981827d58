// B2B §9's integration with the manufacturer's systems: scoped API keys and the orders poll (`updatedSince`). The
// webhooks half of §9 has schemas of its own.
import './zod-setup.js';
import { z } from 'zod';
import { idSchema } from './id.js';
import { ORDER_STATUSES } from './ordering-rules.js';

/** What a key may do (docs/product.md, "API keys"): each scope names a fixed set of calls. */
export const API_KEY_SCOPES = ['orders:read', 'orders:write', 'catalog:write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** Every key starts with it, so a bearer token is told apart from a session's JWT at a glance. */
export const API_KEY_PREFIX = 'kc_';
export const API_KEY_NAME_MAX_LENGTH = 100;

const scopeMessage = `each scope must be one of ${API_KEY_SCOPES.join(', ')}`;

/** `POST /api/admin/api-keys`. */
/** The create's messages a form puts in its own words (create-api-key-form.tsx). */
export const apiKeyMessages = { nameRequired: 'name is required', noScope: 'choose at least one scope' } as const;

export const apiKeyCreateSchema = z.object({
  name: z
    .string({ error: apiKeyMessages.nameRequired })
    .trim()
    .min(1, apiKeyMessages.nameRequired)
    .max(API_KEY_NAME_MAX_LENGTH, `name must be at most ${API_KEY_NAME_MAX_LENGTH} characters`),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, { error: scopeMessage }), { error: 'scopes must be a list' })
    .min(1, apiKeyMessages.noScope)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'a scope may be named once'),
});
export type ApiKeyCreate = z.input<typeof apiKeyCreateSchema>;

/** `GET /api/admin/api-keys`: a live key, never the key itself. */
export const apiKeySchema = z.object({
  _id: idSchema,
  name: z.string(),
  scopes: z.enum(API_KEY_SCOPES).array(),
  createdAt: z.string(),
  /** Recorded at most once a minute per key: the time of its first use in that minute. */
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The answer to a created key: the only time `key` is ever shown. */
export const apiKeyCreatedSchema = z.object({
  _id: idSchema,
  name: z.string(),
  scopes: z.enum(API_KEY_SCOPES).array(),
  key: z.string(),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const ORDER_POLL_DEFAULT_LIMIT = 100;
export const ORDER_POLL_MAX_LIMIT = 500;
const limitMessage = `limit must be a whole number from 1 to ${ORDER_POLL_MAX_LIMIT}`;

/**
 * `GET /api/order?status=&updatedSince=&after=&limit=`: without updatedSince the admin's list as before; with it, the
 * poll (docs/product.md, "Polling for changed orders"). Times are normalised to the stored form (ISO, ms, UTC), so
 * they compare as text on both databases.
 */
export const orderListQuerySchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: `status must be one of ${ORDER_STATUSES.join(', ')}` }).optional(),
    updatedSince: z
      .string()
      .refine((v) => z.iso.datetime({ offset: true }).safeParse(v).success, {
        error: 'updatedSince must be an ISO 8601 time such as 2026-01-31T09:30:00.000Z',
      })
      .transform((v) => new Date(v).toISOString())
      .optional(),
    /** The _id of the last order of the previous page, for a page that ended among orders of one updatedAt. */
    after: idSchema.optional(),
    limit: z.coerce
      .number({ error: limitMessage })
      .int(limitMessage)
      .min(1, limitMessage)
      .max(ORDER_POLL_MAX_LIMIT, limitMessage)
      .optional(),
  })
  .refine((q) => q.after === undefined || q.updatedSince !== undefined, {
    error: 'after goes with updatedSince (the updatedAt of the order it names)',
  });
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;
