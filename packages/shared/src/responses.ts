// Response bodies of the calls in docs/product.md §15 and PRODUCT.md.
import './zod-setup.js';
import { z } from 'zod';
import { companyRoleSchema } from './companies.js';
import { idSchema, orderSchema, userSchema } from './entities.js';

export const insertedIdSchema = z.object({ insertedId: idSchema });
/** Every way of placing an order answers 201 with the new order's id and the order. */
export const orderPlacedSchema = insertedIdSchema.extend({ order: orderSchema });
export const deletedCountSchema = z.object({ deletedCount: z.number().int() });
export const modifiedCountSchema = z.object({ modifiedCount: z.number().int() });
export const tokenResponseSchema = z.object({ token: z.string() });
/**
 * The signed-in user as `GET /api/auth/me` and sign-in answer it: the user and, beside B2B §5's own calls, the company
 * they are in (null in none). The storefront reads a member's company screens only for a member, so a customer in no
 * company never meets the 404 of `GET /api/companies/mine` or `GET /api/company/account` on every page.
 */
export const sessionUserSchema = userSchema.extend({
  company: z.object({ _id: z.string(), name: z.string(), role: companyRoleSchema }).nullable(),
  /**
   * True in a punch-out session (B2B §17), which `GET /api/auth/me` says: the storefront shows its bar and offers
   * "Transfer cart" where it would order. Absent in every other session.
   */
  punchout: z.literal(true).optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;
export type UserCompany = NonNullable<SessionUser['company']>;
export const authResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });
export type AuthResponse = z.infer<typeof authResponseSchema>;
/** `GET /api/auth/sessions`: one signed-in device of the caller (B2B.md §7). */
export const sessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The User-Agent header at sign-in, cut to 200 characters; null when none was sent. */
  userAgent: z.string().nullable(),
  /** True for the session of the token that asked. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionListSchema = sessionSchema.array();
/** `GET /api/auth/providers`: which third-party sign-ins this shop has configured. */
export const authProvidersSchema = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof authProvidersSchema>;
export const clientSecretSchema = z.object({ clientSecret: z.string() });
export const healthSchema = z.object({ status: z.literal('ok'), database: z.string() });

/** The one error shape of every 4xx and 5xx answer. */
export const errorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});
export type ApiError = z.infer<typeof errorSchema>;

/** `POST /api/image`: the image host's shape SPEC.md reads (`success`, `data.url`), plus the card variant's URL. */
export const imageUploadResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ url: z.string(), cardUrl: z.string() }),
});
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;
