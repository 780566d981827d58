// What clients send. The storefront's forms and the backend's route validation use these same schemas,
// so a message shown under a field is the message the API answers with.
import './zod-setup.js';
import { z } from 'zod';
import {
  MAX_FIELD_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PAGE_SIZE,
  MAX_QUANTITY,
  MAX_TEXT_LENGTH,
  MAX_URL_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RATING_MAX,
  RATING_MIN,
  EMAIL_MAX_LENGTH,
  EMAIL_PATTERN,
  ADDRESS_CONTROL_MESSAGE,
  ADDRESS_PATTERN,
  SINGLE_LINE_PATTERN,
  singleLineMessage,
} from './constants.js';
import { productTermsProblem } from './catalog-rules.js';
import { productCatalogFieldsSchema } from './catalog.js';
import { ID_PATTERN, idSchema } from './entities.js';
import { messages } from './messages.js';
import { positiveDollars } from './money.js';
import { shipToChoiceSchema } from './ordering.js';

const requiredText = (required: string, max = MAX_NAME_LENGTH) =>
  z.string({ error: required }).trim().min(1, required).max(max, `must be at most ${max} characters`);

/** A required one-line field (a name, a phone number): line breaks would let it forge lines in mail. */
const requiredLine = (required: string, field: string, max = MAX_NAME_LENGTH) =>
  requiredText(required, max).regex(SINGLE_LINE_PATTERN, singleLineMessage(field));

/** The profile's fields: each one line. */
const optionalText = (field: string, max = MAX_FIELD_LENGTH) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .regex(SINGLE_LINE_PATTERN, singleLineMessage(field))
    .optional();

/** An image reference: an absolute http(s) URL or a path on this site. */
const imageUrl = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(MAX_URL_LENGTH, message)
    .refine((v) => /^https?:\/\/[^\s]+$/i.test(v) || /^\/[^\s/][^\s]*$/.test(v), message);

const email = (required: string, invalid: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(EMAIL_MAX_LENGTH, invalid)
    .regex(EMAIL_PATTERN, invalid)
    .transform((v) => v.toLowerCase());

export const loginBodySchema = z.object({
  email: email(messages.login.emailRequired, messages.login.emailInvalid),
  password: z
    .string({ error: messages.login.passwordRequired })
    .min(1, messages.login.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, messages.login.passwordShort)
    .max(PASSWORD_MAX_LENGTH, messages.signup.passwordLong),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** A new password: sign-up's rules and messages, wherever one is chosen (sign-up, reset, change). */
const newPassword = () =>
  z
    .string({ error: messages.signup.passwordRequired })
    .min(1, messages.signup.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, messages.signup.passwordShort)
    .max(PASSWORD_MAX_LENGTH, messages.signup.passwordLong);

export const signupBodySchema = z.object({
  name: requiredLine(messages.signup.nameRequired, 'Name'),
  email: email(messages.signup.emailRequired, messages.signup.emailInvalid),
  password: newPassword(),
});
export type SignupBody = z.input<typeof signupBodySchema>;

/** A token from a mailed link (account care, B2B.md §7); the server only compares its hash. */
const linkToken = () =>
  z
    .string({ error: messages.account.invalidToken })
    .min(1, messages.account.invalidToken)
    .max(200, messages.account.invalidToken);

export const forgotPasswordBodySchema = z.object({
  email: email(messages.login.emailRequired, messages.login.emailInvalid),
});
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

export const resetPasswordBodySchema = z.object({ token: linkToken(), password: newPassword() });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string({ error: messages.login.passwordRequired })
    .min(1, messages.login.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, messages.signup.passwordLong),
  newPassword: newPassword(),
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const verifyEmailBodySchema = z.object({ token: linkToken() });
export type VerifyEmailBody = z.input<typeof verifyEmailBodySchema>;

export const productCreateSchema = z
  .object({
    name: requiredLine(messages.product.nameRequired, 'name'),
    price: positiveDollars(messages.product.priceInvalid, messages.product.priceRequired),
    description: requiredText(messages.product.descriptionRequired, MAX_TEXT_LENGTH),
    img: imageUrl(messages.product.imgInvalid),
    quantity: z
      .number({ error: messages.product.quantityInvalid })
      .int(messages.product.quantityInvalid)
      .min(1, messages.product.quantityInvalid)
      .max(MAX_QUANTITY, messages.product.quantityInvalid),
    availableQuantity: z
      .number({ error: messages.product.availableInvalid })
      .int(messages.product.availableInvalid)
      .min(0, messages.product.availableInvalid)
      .max(MAX_QUANTITY, messages.product.availableInvalid),
  })
  .extend(productCatalogFieldsSchema.shape)
  .refine((p) => p.quantity <= p.availableQuantity, {
    message: messages.product.minAboveStock,
    path: ['quantity'],
  })
  .superRefine((p, ctx) => {
    const problem = productTermsProblem({
      price: p.price,
      quantity: p.quantity,
      packSize: p.packSize ?? 1,
      maxQuantity: p.maxQuantity ?? null,
      priceBreaks: p.priceBreaks ?? [],
    });
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.path] });
  });
export type ProductCreate = z.input<typeof productCreateSchema>;

export const reviewCreateSchema = z.object({
  name: requiredLine(messages.review.nameRequired, 'name'),
  rating: z
    .number({ error: messages.review.ratingRequired })
    .int(messages.review.ratingRange)
    .min(RATING_MIN, messages.review.ratingRange)
    .max(RATING_MAX, messages.review.ratingRange),
  description: requiredText(messages.review.descriptionRequired, MAX_TEXT_LENGTH),
  // The form sends '' when no image is given.
  image: z.union([z.literal(''), imageUrl(messages.review.imageInvalid)]).optional(),
});
export type ReviewCreate = z.input<typeof reviewCreateSchema>;

/**
 * SPEC.md's order fields plus productId. The server ignores price, email and userName
 * (identity comes from the token, the total is computed) and takes itemName from the product.
 */
export const orderCreateSchema = z.object({
  productId: z
    .string({ error: messages.order.productRequired })
    .regex(ID_PATTERN, 'productId must be a 24-character id'),
  inputQuantity: z
    .number({ error: messages.order.quantityRequired })
    .int('inputQuantity must be a whole number')
    .min(1, 'inputQuantity must be at least 1')
    .max(MAX_QUANTITY, `inputQuantity must be at most ${MAX_QUANTITY}`),
  phone: requiredLine(messages.order.phoneRequired, 'phone', 40),
  address: requiredText(messages.order.addressRequired, MAX_FIELD_LENGTH).regex(
    ADDRESS_PATTERN,
    ADDRESS_CONTROL_MESSAGE,
  ),
  itemName: z.string().max(MAX_NAME_LENGTH).optional(),
  email: z.string().max(EMAIL_MAX_LENGTH).optional(),
  userName: z.string().max(MAX_NAME_LENGTH).optional(),
  price: z.unknown().optional(),
  /** B2B §12: where it goes; the order modal sends it only for a company with locations. */
  shipTo: shipToChoiceSchema.optional(),
});
export type OrderCreate = z.input<typeof orderCreateSchema>;

export const profileBodySchema = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH).optional(),
  userName: optionalText('userName', MAX_NAME_LENGTH),
  phone: optionalText('phone', 40),
  education: optionalText('education'),
  location: optionalText('location'),
  linkedinprofile: optionalText('linkedinprofile', MAX_URL_LENGTH),
});
export type ProfileBody = z.input<typeof profileBodySchema>;

export const paymentIntentBodySchema = z.object({
  orderId: idSchema,
  price: z.unknown().optional(),
});
export type PaymentIntentBody = z.input<typeof paymentIntentBodySchema>;

export const orderPayBodySchema = z.object({
  transactionId: z.string().trim().min(1, 'transactionId is Required').max(255),
  order: z.unknown().optional(),
});
export type OrderPayBody = z.input<typeof orderPayBodySchema>;

export const idParamsSchema = z.object({ id: idSchema });
export const emailParamsSchema = z.object({
  email: z
    .string()
    .trim()
    .max(EMAIL_MAX_LENGTH)
    .regex(EMAIL_PATTERN, 'must be an e-mail address')
    .transform((v) => v.toLowerCase()),
});
export const emailQuerySchema = emailParamsSchema;

/** Optional paging of `GET /service`; without parameters it lists everything oldest first (SPEC.md). */
export const productListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  offset: z.coerce.number().int().min(0).max(MAX_QUANTITY).optional(),
  sort: z.enum(['oldest', 'newest']).optional(),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

/** PUT /user/{email}: SPEC.md sends the e-mail; a name, when given, keeps the account's display name current. */
export const userUpsertBodySchema = z.object({
  email: z.string().max(EMAIL_MAX_LENGTH).optional(),
  name: z
    .string()
    .trim()
    .max(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`)
    .regex(SINGLE_LINE_PATTERN, singleLineMessage('name'))
    .optional(),
});
export type UserUpsertBody = z.input<typeof userUpsertBodySchema>;
